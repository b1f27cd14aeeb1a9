import type { ReactNode } from 'react';
import { Field } from '../field';
import { StripeCardForm } from '../payment/stripe-card-form';
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

/** The "2. Payment" step of a page that takes a card: the checkout and a practitioner's pay link. */
export function CardPayment({ payments, errors, onPaymentMethod, disabled, total, children }: CardPaymentProps) {
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
      <legend className="float-left w-full text-lg font-bold">2. Payment</legend>
      {payments.gateway === 'test' ? (
        <div className="clear-both grid gap-4 pt-3 sm:grid-cols-4">
          {/* no name: the card goes from the script to the gateway, never with the form to the page's server */}
          <Field
            className="sm:col-span-4"
            label="Card number"
            id="card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            error={errors.number}
          />
          <Field
            className="sm:col-span-2"
            label="Expiry (MM/YY)"
            id="card-expiry"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            error={errors.expiry}
          />
          <Field
            className="sm:col-span-2"
            label="Security code"
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            error={errors.cvc}
          />
        </div>
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
