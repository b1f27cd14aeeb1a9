/**
 * The consents a person gives for their consumer health data, apart from any order: for now the
 * consent to collect it, which the quiz asks on its first screen before it stores an answer. Each
 * kind is asked on its own, in its own words, and can be withdrawn from the account page.
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
export const healthDataConsentKinds = ['collect_health_data'] as const;
export type HealthDataConsentKind = (typeof healthDataConsentKinds)[number];

export function isHealthDataConsentKind(value: string): value is HealthDataConsentKind {
  return (healthDataConsentKinds as readonly string[]).includes(value);
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

/** The laws these consents answer, with where to read them: the consumer health data privacy policy cites them. */
export const healthDataLaws = [
  { name: 'Washington My Health My Data Act', citation: 'RCW 19.373 (Laws of 2023, ch. 191)' },
  { name: 'Nevada Senate Bill 370 (2023)', citation: 'in force March 31, 2024' },
  { name: 'Connecticut Public Act 23-56 (Senate Bill 3)', citation: 'amending Conn. Gen. Stat. §42-515 et seq.' },
] as const;
