/**
 * What a results report says of where and when the sample was taken, so that a doctor can file
 * it as a lab report: the lab, the day of collection, the day of the report.
 */

/** The lab of a home kit's sample: the shop's partner laboratory, which the kit is posted to. */
export const homeKitLaboratory = 'Base partner laboratory, CLIA-certified (sample from a home collection kit)';

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
