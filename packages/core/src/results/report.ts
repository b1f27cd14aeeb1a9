/**
 * What a results report says of where and when the sample was taken, so that a doctor can file
 * it as a lab report: the lab, the day of collection, the day of the report.
 */

/** The lab of a home kit's sample when the shop has not named it: the partner laboratory the kit is posted to. */
export const homeKitLaboratory = 'Base partner laboratory, CLIA-certified (sample from a home collection kit)';

/** The laboratory that tests the home kits, as the operator names it (HOME_KIT_LAB_*): what a doctor files a report by. */
export interface HomeKitLaboratory {
  name: string;
  address: string;
  /** its CLIA certificate number */
  clia: string;
}

/**
 * A CLIA certificate number as the Centers for Medicare & Medicaid Services issue them: ten
 * characters, two digits, the letter D, seven digits (42 CFR part 493; the CLIA certificate and
 * the CMS laboratory lookup print it so, e.g. 05D0000000).
 */
export const CLIA_NUMBER = /^\d{2}D\d{7}$/;

/** A home kit's lab as the report names it: the laboratory with its address and CLIA number, when the shop has named it. */
export function homeKitLaboratoryLine(lab: HomeKitLaboratory | null): string {
  return lab ? `${lab.name}, ${lab.address}, CLIA ${lab.clia} (sample from a home collection kit)` : homeKitLaboratory;
}

/** The partner lab a member chose, as the report names it: "Partner Lab – Downtown Austin, 410 Congress Ave, Austin, TX 78701". */
export function partnerLabLine(lab: { name: string; address: string; city: string; state: string; zipCode: string }): string {
  return `${lab.name}, ${lab.address}, ${lab.city}, ${lab.state} ${lab.zipCode}`;
}

/**
 * When a kit's sample was collected, as far as the shop knows: at a partner lab, the day the lab
 * drew it (it is received there); from a home kit, the day the member said it was in the post,
 * else the day they registered the kit (done when the sample is taken), else its arrival.
 */
export function collectedAtOf(
  kit: { sampleSentAt: Date | null; registeredAt: Date | null; sampleReceivedAt: Date | null },
  atPartnerLab: boolean,
): Date | null {
  if (atPartnerLab) return kit.sampleReceivedAt;
  return kit.sampleSentAt ?? kit.registeredAt ?? kit.sampleReceivedAt;
}
