/**
 * The consents a person gives for their consumer health data: the consent to collect it, which the
 * quiz asks on its first screen before it stores an answer, and the consents to share it, asked
 * where an order starts the sharing (a clinic's pay link shares with that clinic; an employer's
 * cover with that employer, docs/decisions/0081-consents-to-share-with-a-clinic-and-an-employer.md).
 * Each kind is asked on its own, in its own words, and can be withdrawn from the account page.
 *
 * Why separate consents, and why withdrawable (docs/decisions/0076-health-data-consents.md):
 * - Washington's My Health My Data Act, RCW 19.373 (2023 c 191): consent to collect consumer
 *   health data and a separate consent to share it (RCW 19.373.030), the right to withdraw consent
 *   (RCW 19.373.040), and a consumer health data privacy policy linked from the home page
 *   (RCW 19.373.020). Consent must be a clear affirmative act (RCW 19.373.010, "consent").
 * - Nevada Senate Bill 370 (2023), in force March 31, 2024: the same two consents (to collect and
 *   to share), a withdrawable consent, and a consumer health data privacy policy.
 * - Connecticut Public Act 23-56 (Senate Bill 3, 2023), amending the Connecticut Data Privacy Act
 *   (Conn. Gen. Stat. §42-515 et seq.): consumer health data is sensitive data, processed and sold
 *   only with the consumer's consent.
 *
 * The version of each text is a fingerprint of its words: changing a word makes a new version, and
 * a recorded consent keeps the version its person read. Keep an old text in `retiredHealthDataTexts`
 * when its words change, so every recorded version stays findable.
 */
export const healthDataConsentKinds = ['collect_health_data', 'share_with_clinic', 'share_with_employer'] as const;
export type HealthDataConsentKind = (typeof healthDataConsentKinds)[number];

export function isHealthDataConsentKind(value: string): value is HealthDataConsentKind {
  return (healthDataConsentKinds as readonly string[]).includes(value);
}

/** The consents to share, each asked by the order that starts its sharing: apart from, and never folded into, the consent to collect. */
export const shareConsentKinds = ['share_with_clinic', 'share_with_employer'] as const satisfies readonly HealthDataConsentKind[];
export type ShareConsentKind = (typeof shareConsentKinds)[number];

export function isShareConsentKind(value: string): value is ShareConsentKind {
  return (shareConsentKinds as readonly string[]).includes(value);
}

interface HealthDataConsentWords {
  /** what the account page calls it */
  title: string;
  /** the words beside the checkbox, as shown */
  text: string;
  /** what a form and the API's refusal say when it was not given */
  missing: string;
  /** what the checkout says when a test is ordered without it */
  missingAtCheckout: string;
  /** what withdrawing it stops, as the account page says it */
  withdrawal: string;
  /** the rules that ask for it, where to read them */
  sources: readonly string[];
}

export interface HealthDataConsentText extends HealthDataConsentWords {
  kind: HealthDataConsentKind;
  version: string;
}

const words: Record<HealthDataConsentKind, HealthDataConsentWords> = {
  collect_health_data: {
    title: 'Collecting your health data',
    text: 'I agree that Base collects and keeps the health data I give it (my quiz answers, such as my goal, sex and date of birth, and later my medical profile and my test results) to recommend a test, have a clinician review my order, show me my results and build my plan. Base does not sell it and does not use it for advertising. I can withdraw this consent at any time from my account.',
    missing: 'Please agree to Base collecting your health data before you start',
    missingAtCheckout: 'Please agree to Base collecting your health data: your test’s results are health data',
    withdrawal:
      'Base stops collecting new health data from you: the quiz no longer saves your answers, and an order needs this consent again. What Base already holds stays until you delete your account.',
    sources: [
      'RCW 19.373.030 (consent to collect, for a specified purpose)',
      'RCW 19.373.040 (the right to withdraw consent)',
      'Nevada SB 370 (2023)',
      'Conn. Gen. Stat. §42-515 et seq., as amended by Public Act 23-56 (consumer health data is sensitive data)',
    ],
  },
  // What the clinic reads: the results of the tests it ordered (GET /api/providers/orders/:id/results),
  // the order's progress on its dashboard (core's clinicOrderTrack) and in its webhooks (paid, kit
  // shipped, results released, refunded), and the e-mail that results wait for its review.
  share_with_clinic: {
    title: 'Sharing your results with the clinic that ordered your tests',
    text: 'I agree that Base shares with the clinic that ordered these tests for me (its practitioners, admins and staff who use its Base dashboard) my test results and how my order is going: paid, kit shipped or lab visit, sample received, results held for the clinic’s review or released to me, refunded. Base shares nothing else of my health data with the clinic, and does not sell it. I can withdraw this consent at any time from my account: from then on the clinic no longer sees my results or my orders’ progress.',
    missing: 'Please agree to Base sharing your results and your order’s progress with the clinic that ordered your tests',
    missingAtCheckout: 'Please agree to Base sharing your results and your order’s progress with the clinic that ordered your tests',
    withdrawal:
      'Base stops sharing with your clinics: their dashboard shows “Consent withdrawn” instead of your results and your orders’ progress, they are sent no more updates about your orders, and results waiting for their review are released to you. What a clinic already read stays in its own records.',
    sources: [
      'RCW 19.373.030 (consent to share, separate and distinct from the consent to collect: what is shared, why, with whom, and how to withdraw)',
      'RCW 19.373.040 (the right to withdraw consent)',
      'Nevada SB 370 (2023)',
      'Conn. Gen. Stat. §42-515 et seq., as amended by Public Act 23-56 (consumer health data is sensitive data)',
    ],
  },
  // What the employer reads (apps/api/src/employers/portal.ts, portal-eligibility.ts, invoices and
  // bank statements): figures counted at month ends, moved only by five people or more and shown as
  // "fewer than 5" below it; never a name, an answer, a result or which test.
  share_with_employer: {
    title: 'Counting you in your employer’s figures',
    text: 'I agree that Base tells my employer, which covers this test, that I used its cover: I am counted, never by name, in the monthly figures its admins read (employees enrolled, codes used, tests ordered, kits sent back, results ready, programs started), which show no number below 5, and the cost of my covered order is in the sums Base bills it. Base never tells my employer my answers, my results or which test I took. I can withdraw this consent at any time from my account: from then on my employer’s figures no longer count me.',
    missing: 'Please agree to Base counting you in your employer’s figures: your employer covers this test',
    missingAtCheckout: 'Please agree to Base counting you in your employer’s figures: your employer covers this test',
    withdrawal:
      'Base stops counting you in your employer’s figures: your enrolment, your order and its progress no longer count in them. Cover you already used stays in the sums your employer is billed, never by name.',
    sources: [
      'RCW 19.373.030 (consent to share, separate and distinct from the consent to collect)',
      'RCW 19.373.040 (the right to withdraw consent)',
      'Nevada SB 370 (2023)',
    ],
  },
};

/**
 * A short fingerprint of a text (32-bit FNV-1a, hex): enough to tell one wording from another, and
 * pure, so core computes it in the browser and the server alike.
 */
export function wordsFingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

const versionOf = (kind: HealthDataConsentKind, text: string) => `${kind.replaceAll('_', '-')}-${wordsFingerprint(text)}`;

export const healthDataConsentTexts: Record<HealthDataConsentKind, HealthDataConsentText> = Object.fromEntries(
  healthDataConsentKinds.map((kind) => [kind, { kind, version: versionOf(kind, words[kind].text), ...words[kind] }]),
) as Record<HealthDataConsentKind, HealthDataConsentText>;

/** Texts shown before and since replaced, by version: a record names one of these or a current one. */
export const retiredHealthDataTexts: Record<string, string> = {};

/** The words a version stood for, current or retired; undefined for a version never shown. */
export function healthDataTextOfVersion(version: string): string | undefined {
  const current = Object.values(healthDataConsentTexts).find((text) => text.version === version);
  return current?.text ?? retiredHealthDataTexts[version];
}

/** The name of the quiz's checkbox, on its first screen, carried on the screens after it. */
export const HEALTH_DATA_CONSENT_FIELD = 'healthDataConsent';

/** The API's refusal to store health data without the consent to collect it. */
export const collectConsentRefusal = `${healthDataConsentTexts.collect_health_data.missing}. Nothing you entered was saved. (Missing consent: collect_health_data.)`;

/** The API's refusal of an order that would start sharing without its consent: named as the checkout's other consents are. */
export function shareConsentRefusal(kind: ShareConsentKind): string {
  return `${healthDataConsentTexts[kind].missingAtCheckout}. Nothing was ordered or charged. (Missing consent: ${kind}.)`;
}

/**
 * What a clinic is told of a client who withdrew their consent to share: the results it asks for
 * are refused with this, and each of the client's orders shows the label instead of its progress.
 */
export const clinicSharingWithdrawn = {
  label: 'Consent withdrawn',
  message:
    'The client withdrew their consent to share their health data with your clinic: their results and their orders’ progress are no longer shown. The client can give it again from their Base account.',
} as const;

/** The name of each consent to share's checkbox, on the pages that ask it. */
export const shareConsentFields: Record<ShareConsentKind, string> = {
  share_with_clinic: 'shareWithClinic',
  share_with_employer: 'shareWithEmployer',
};

/** The laws these consents answer, with where to read them: the consumer health data privacy policy cites them. */
export const healthDataLaws = [
  { name: 'Washington My Health My Data Act', citation: 'RCW 19.373 (Laws of 2023, ch. 191)' },
  { name: 'Nevada Senate Bill 370 (2023)', citation: 'in force March 31, 2024' },
  { name: 'Connecticut Public Act 23-56 (Senate Bill 3)', citation: 'amending Conn. Gen. Stat. §42-515 et seq.' },
] as const;
