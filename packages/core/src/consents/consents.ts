import { saleKindOf } from '../eligibility/states.ts';
import { isMembership } from '../subscriptions/membership.ts';

/**
 * The consents a purchase may need, each with the exact words the checkout shows and their
 * version. The page shows these words and the API records which version was agreed to, so a
 * record says what the person read. Change a text: give it a new version (the old records keep
 * theirs). The sources are in docs/decisions/0069-consents-the-api-records.md.
 *
 * - `keep_card`: the card is kept and charged later without the customer present (the
 *   Improvement Program billed when results arrive). Card-network rules for stored credentials
 *   ask for the holder's agreement before a card is kept for later charges.
 * - `charge_per_delivery`: a test subscription charges each delivery, until cancelled: an
 *   automatic renewal under California's law (Cal. Bus. & Prof. Code §17602(a)(2), express
 *   affirmative consent, as amended by AB 2863 from July 1, 2025).
 * - `monthly_renewal`: Base Daily renews every month, until cancelled: the same law.
 * - `hipaa_authorization`: the lab releases the person's results to the shop, which is not their
 *   physician: an authorization under the HIPAA Privacy Rule (45 CFR §164.508(c) lists what it
 *   must say: what is released, by whom, to whom, why, until when, and the right to revoke).
 */
export const consentKinds = ['keep_card', 'charge_per_delivery', 'monthly_renewal', 'hipaa_authorization'] as const;
export type ConsentKind = (typeof consentKinds)[number];

export function isConsentKind(value: string): value is ConsentKind {
  return (consentKinds as readonly string[]).includes(value);
}

/** What a consent's words fill in from the cart: the amounts and terms the page shows beside it. */
export interface ConsentTerms {
  /** the amount charged later, "$180.00" (keep_card) */
  deferred?: string;
  /** each delivery's charge and frequency, "$69.95 for each delivery of …, every month" (charge_per_delivery) */
  recurring?: string;
}

interface ConsentText {
  version: string;
  /** the name of the checkbox in the checkout's form */
  field: string;
  /** the words beside the checkbox */
  text: (terms: ConsentTerms) => string;
  /** what the checkout says when the box is left empty, and what the API's refusal names */
  missing: string;
}

export const consentTexts: Record<ConsentKind, ConsentText> = {
  keep_card: {
    version: 'keep-card-2026-12-07',
    field: 'consent',
    text: ({ deferred }) =>
      `I agree that Base keeps this card and charges it ${deferred ?? 'the program’s price'} for the Improvement Program when my starter test results arrive. Nothing more is charged without my consent.`,
    missing: 'Please agree to the charge when your results arrive',
  },
  charge_per_delivery: {
    version: 'charge-per-delivery-2026-12-07',
    field: 'recurringConsent',
    text: ({ recurring }) =>
      `I agree that my saved card is charged ${recurring ?? 'for each delivery'}, until I cancel. Today’s payment is the first delivery; I can cancel any time in my account.`,
    missing: 'Please agree to the charge for each delivery',
  },
  monthly_renewal: {
    version: 'monthly-renewal-2026-12-07',
    field: 'membershipConsent',
    text: () => 'I agree that Base charges my card for Base Daily every month, as above, until I cancel.',
    missing: 'Please agree to the monthly charge for your membership',
  },
  hipaa_authorization: {
    version: 'hipaa-authorization-2026-12-07',
    field: 'hipaaAuthorization',
    text: () =>
      'I authorize the partner laboratory that tests my sample to release my test results to Base, so that Base can show them to me, have a clinician review them and build my plan. This authorization lasts until I revoke it in writing to support, which I may do at any time (it does not undo a release already made); my care and purchase do not depend on it beyond this order’s results being shown to me.',
    missing: 'Please authorize the lab to release your results to Base',
  },
};

/** The facts of a cart that decide its consents: its lines, and what is charged later without the customer. */
export interface ConsentCart {
  lines: ReadonlyArray<{ productCode: string; frequency?: string | null }>;
  /** what the customer's card is charged later (the program when results arrive), after any cover */
  deferredCents: number;
}

/**
 * The consents a cart needs before it may be placed, in the order the checkout shows them: a
 * program charged later keeps the card; a test subscription charges each delivery; Base Daily
 * renews monthly; any test (a sample the lab tests, now or in the program's retests) needs the
 * lab's release of its results to the shop.
 */
export function consentsNeeded(cart: ConsentCart): ConsentKind[] {
  const needed: ConsentKind[] = [];
  if (cart.deferredCents > 0) needed.push('keep_card');
  if (cart.lines.some((line) => line.frequency != null && !isMembership(line.productCode))) needed.push('charge_per_delivery');
  if (cart.lines.some((line) => isMembership(line.productCode))) needed.push('monthly_renewal');
  if (cart.lines.some((line) => saleKindOf(line.productCode) === 'test')) needed.push('hipaa_authorization');
  return needed;
}

/** The consents needed and not given, in the order the checkout shows them. */
export function missingConsents(needed: readonly ConsentKind[], given: readonly string[]): ConsentKind[] {
  return needed.filter((kind) => !given.includes(kind));
}

/** The API's refusal when a consent is missing: which one, in the checkout's words. */
export function missingConsentMessage(missing: readonly ConsentKind[]): string {
  return `${missing.map((kind) => consentTexts[kind].missing).join('. ')}. (Missing consent: ${missing.join(', ')}.)`;
}
