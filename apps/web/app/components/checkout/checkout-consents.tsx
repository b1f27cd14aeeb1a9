import { Link } from 'react-router';
import { consentTexts, healthDataConsentTexts, paymentConsentField, type PaymentConsentKind } from '@shop/core';
import type { PaymentErrors } from '../payment/payment-controller';
import { ConsentBox } from './consent-box';

/** What the checkout's consents fill in from the cart: the later charge, each delivery's, the membership's terms. */
interface ConsentTerms {
  deferred: string | undefined;
  recurring: string | undefined;
  membershipTerms: string | null | undefined;
}

/**
 * The checkout's consents beside the card (or beside "nothing to pay"), each in core's words, in
 * the order the page has always shown them: the later charge, each delivery, the membership's
 * month with its terms, collecting health data, the lab's release, sharing with the employer.
 */
export function CheckoutConsents({
  asked,
  errors,
  terms,
}: {
  asked: readonly PaymentConsentKind[];
  errors: PaymentErrors;
  terms: ConsentTerms;
}) {
  const has = (kind: PaymentConsentKind) => asked.includes(kind);
  return (
    <>
      {has('keep_card') ? (
        <ConsentBox kind="keep_card" error={errors.keep_card}>
          {consentTexts.keep_card.text({ deferred: terms.deferred })}
        </ConsentBox>
      ) : null}
      {has('charge_per_delivery') ? (
        <ConsentBox kind="charge_per_delivery" error={errors.charge_per_delivery}>
          {consentTexts.charge_per_delivery.text({ recurring: terms.recurring })}
        </ConsentBox>
      ) : null}
      {has('monthly_renewal') && terms.membershipTerms ? (
        <div className="mt-4 rounded-lg border border-line p-4">
          <p className="text-sm">{terms.membershipTerms}</p>
          <p className="mt-2 text-sm">
            <Link to="/terms" className="font-semibold text-brand underline">
              Terms of service
            </Link>
          </p>
          <ConsentBox kind="monthly_renewal" error={errors.monthly_renewal}>
            {consentTexts.monthly_renewal.text({})}
          </ConsentBox>
        </div>
      ) : null}
      {has('collect_health_data') ? (
        <ConsentBox field={paymentConsentField('collect_health_data')} error={errors.collect_health_data}>
          {healthDataConsentTexts.collect_health_data.text}{' '}
          <Link to="/consumer-health-data-privacy" className="font-semibold text-brand underline">
            Consumer health data privacy policy
          </Link>
        </ConsentBox>
      ) : null}
      {has('hipaa_authorization') ? (
        <ConsentBox kind="hipaa_authorization" error={errors.hipaa_authorization}>
          {consentTexts.hipaa_authorization.text({})}
        </ConsentBox>
      ) : null}
      {has('share_with_employer') ? (
        <ConsentBox field={paymentConsentField('share_with_employer')} error={errors.share_with_employer}>
          {healthDataConsentTexts.share_with_employer.text}
        </ConsentBox>
      ) : null}
    </>
  );
}
