import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert } from '../alert';

export const missingPublishableKey = 'A Stripe publishable key is required';

export interface StripeCardFormProps {
  publishableKey: string | null;
  account: string | null;
  /** gets the PaymentMethod id to pay with; it reports its own failures */
  onPaymentMethod(id: string): Promise<void> | void;
  disabled?: boolean;
  /** the button's words, e.g. "Pay $79.95"; "Pay" by default */
  submitLabel?: string;
}

// Stripe.js and its React bindings are fetched only when this form is shown, that is when the
// gateway is Stripe: the built-in test gateway's checkout never downloads them.
const StripeCardFields = lazy(() => import('./stripe-card-fields'));

/** The card form of the Stripe gateway. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  // Stripe.js runs in the browser only: the server renders the placeholder
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);

  if (!publishableKey) return <Alert tone="error">{missingPublishableKey}</Alert>;
  const placeholder = (
    <p role="status" className="text-sm text-muted">
      Loading the secure card form…
    </p>
  );
  if (!inBrowser) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <StripeCardFields publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}

/**
 * Lets the customer finish what the bank asks (3D Secure) for a payment the server left as
 * `requires_action`, or for a program charge declined with `authentication_required`. It resolves
 * once Stripe is done; the server then looks the payment up to learn how it ended.
 */
export async function handleStripeAction(publishableKey: string, account: string | null, clientSecret: string): Promise<void> {
  const { stripeFor } = await import('./stripe-loader');
  const stripe = await stripeFor(publishableKey, account);
  if (!clientSecret.startsWith('seti_')) {
    const { paymentIntent } = await stripe.retrievePaymentIntent(clientSecret);
    const declinedCard =
      paymentIntent?.status === 'requires_payment_method' ? paymentIntent.last_payment_error?.payment_method?.id : undefined;
    if (declinedCard) {
      // an off-session charge the bank refused without the customer: confirm it again with them
      const { error } = await stripe.confirmCardPayment(clientSecret, { payment_method: declinedCard });
      if (error) throw new Error(error.message ?? 'The payment could not be authenticated.');
      return;
    }
  }
  const { error } = await stripe.handleNextAction({ clientSecret });
  if (error) throw new Error(error.message ?? 'The payment could not be authenticated.');
}
