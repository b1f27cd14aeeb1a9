import { consentTexts, type ConsentKind } from './consents.ts';
import { healthDataConsentTexts, shareConsentFields, type HealthDataConsentKind } from './health-data.ts';

/**
 * The consents a payment form asks for, each a checkbox beside the card: the order's (core's
 * `consentsNeeded`) and the health-data ones (collecting the results, sharing them with the clinic
 * or the employer). The API requires and records the same ones; the form sends the kinds checked.
 */
export type PaymentConsentKind = ConsentKind | HealthDataConsentKind;

/** The checkbox's name of each health-data consent asked with a payment. */
const healthDataFields: Record<HealthDataConsentKind, string> = { collect_health_data: 'collectHealthData', ...shareConsentFields };

function isOrderConsent(kind: PaymentConsentKind): kind is ConsentKind {
  return kind in consentTexts;
}

/** The name of a consent's checkbox in a payment form. */
export function paymentConsentField(kind: PaymentConsentKind): string {
  return isOrderConsent(kind) ? consentTexts[kind].field : healthDataFields[kind];
}

/** What a payment form says at a consent's checkbox when it is left empty. */
export function paymentConsentMissing(kind: PaymentConsentKind): string {
  return isOrderConsent(kind) ? consentTexts[kind].missing : healthDataConsentTexts[kind].missingAtCheckout;
}

/**
 * The consents the checkout asks, in the order it sends them: the cart's; the consent to collect
 * health data when a test is ordered and it was not given already (decision 0081); sharing with
 * the employer when the employer's cover pays.
 */
export function checkoutConsents(input: { needed: readonly ConsentKind[]; collectHeld: boolean; covered: boolean }): PaymentConsentKind[] {
  return [
    ...input.needed,
    ...(input.needed.includes('hipaa_authorization') && !input.collectHeld ? (['collect_health_data'] as const) : []),
    ...(input.covered ? (['share_with_employer'] as const) : []),
  ];
}

/** The consents asked and left unchecked, each with what its checkbox says. */
export function consentsRefused(
  asked: readonly PaymentConsentKind[],
  checked: (field: string) => boolean,
): Partial<Record<PaymentConsentKind, string>> {
  const refused: Partial<Record<PaymentConsentKind, string>> = {};
  for (const kind of asked) if (!checked(paymentConsentField(kind))) refused[kind] = paymentConsentMissing(kind);
  return refused;
}
