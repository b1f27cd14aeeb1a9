import type { ReactNode } from 'react';
import { StripeCardForm } from '../payment/stripe-card-form';
import { TestCardFields } from '../payment/test-card-fields';
import { SecurePayment } from './secure-payment';

interface CardPaymentProps {
  /** the shop's gateway: the built-in test gateway's fields, or Stripe's card form with its own button */
  payments: { gateway: string; publishableKey: string | null; account: string | null };
  /** the test gateway's field errors */
  errors: { number?: string | undefined; expiry?: string | undefined; cvc?: string | undefined };
  /** Stripe's form hands over the PaymentMethod to pay with */
  onPaymentMethod: (id: string) => Promise<void> | void;
  disabled: boolean;
  /** the amount on Stripe's button, e.g. "$79.95" */
  total: string;
  /** what the page adds under the secure-payment note (consents, notes) */
  children?: ReactNode;
}

/** The "2. Payment" step of a page that takes a card: the checkout and a practitioner's pay link (with `usePaymentController`). */
export function CardPayment({ payments, errors, onPaymentMethod, disabled, total, children }: CardPaymentProps) {
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
      <legend className="float-left w-full text-lg font-bold">2. Payment</legend>
      {payments.gateway === 'test' ? (
        <TestCardFields idPrefix="card" errors={errors} className="clear-both grid gap-4 pt-3 sm:grid-cols-4" />
      ) : (
        <div className="clear-both pt-3">
          <StripeCardForm
            publishableKey={payments.publishableKey}
            account={payments.account}
            onPaymentMethod={onPaymentMethod}
            disabled={disabled}
            submitLabel={`Pay ${total}`}
          />
        </div>
      )}
      <SecurePayment />
      {children}
    </fieldset>
  );
}
