import { useId, useMemo, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { Alert } from '../alert';
import { Button } from '../button';
import { stripeFor } from './stripe-loader';

export interface StripeCardFieldsProps {
  publishableKey: string;
  account: string | null;
  onPaymentMethod(id: string): Promise<void> | void;
  disabled?: boolean;
  submitLabel?: string;
}

/**
 * Stripe's own card field (an iframe: the card number never touches the shop's page) and the
 * button that turns it into a PaymentMethod. Loaded only when the gateway is Stripe.
 */
export default function StripeCardFields({ publishableKey, account, ...form }: StripeCardFieldsProps) {
  const stripe = useMemo(() => stripeFor(publishableKey, account), [publishableKey, account]);
  return (
    <Elements stripe={stripe} options={{ locale: 'en' }}>
      <CardFields {...form} />
    </Elements>
  );
}

function CardFields({ onPaymentMethod, disabled = false, submitLabel = 'Pay' }: Omit<StripeCardFieldsProps, 'publishableKey' | 'account'>) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit() {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setPending(true);
    setError(null);
    try {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) {
        setError(result.error.message ?? 'Your card could not be used. Please check its details.');
        return;
      }
      await onPaymentMethod(result.paymentMethod.id);
    } catch {
      // the caller shows its own failures; this only keeps the button usable for another try
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-4">
      <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
        <p id={labelId} className="block text-sm font-semibold">
          Card details
        </p>
        <div className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-3 shadow-sm">
          <CardElement
            options={{ disabled: disabled || pending, style: { base: { fontSize: '16px', color: '#0f172a' } } }}
            onChange={(event: StripeCardElementChangeEvent) => setError(event.error?.message ?? null)}
          />
        </div>
      </div>
      {error ? (
        <div id={errorId}>
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <Button
        type="button"
        className="w-full"
        onClick={submit}
        disabled={disabled || !stripe}
        pending={pending}
        pendingLabel="Processing payment…"
      >
        {submitLabel}
      </Button>
    </div>
  );
}
