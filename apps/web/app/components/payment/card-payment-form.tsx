import { useRef, type FormEvent, type ReactNode } from 'react';
import type { PaymentsConfig } from '@shop/client';
import { Alert } from '../alert';
import { Button } from '../button';
import { BankCheck } from './bank-check';
import { testPaymentMethod, typedCard, usePaymentController, type PaymentStep } from './payment-controller';
import { StripeCardForm } from './stripe-card-form';
import { TestCardFields, TestCardsNote } from './test-card-fields';

/** What the server answers a card payment: paid, the bank's check to finish (with the gateway's secret), or still on its way. */
export type CardPaymentAnswer =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'processing'; paymentId: string };

interface CardPaymentFormProps<T extends CardPaymentAnswer> {
  payments: PaymentsConfig;
  /** prefixes the card fields' ids, unique on the page */
  idPrefix: string;
  /** the form's name for assistive technology */
  label: string;
  submitLabel: string;
  pendingLabel: string;
  /** the amount the bank's check names, e.g. "$479.70" */
  amount: string;
  /** checks what the page adds before the card (an amount), showing its own message at its field: false stops the payment */
  check?: () => boolean;
  /** pays with the gateway's payment method reference */
  pay(paymentMethod: string): Promise<T>;
  /** asks the server again after the bank's check */
  confirm(paymentId: string): Promise<T>;
  onPaid(answer: Extract<T, { status: 'succeeded' }>): Promise<void> | void;
  /** fields of the page shown before the card's (an amount) */
  children?: ReactNode;
}

/**
 * A card payment through the payment port, for any payer: the gateway's own card form (the test
 * gateway's fields, whose number goes from this script to the gateway only, or Stripe's), then the
 * bank's check when it asks (the test gateway's stand-in, or Stripe's screen) and the server's
 * confirmation. The server charges each payment once, whatever the number of submits.
 */
export function CardPaymentForm<T extends CardPaymentAnswer>(props: CardPaymentFormProps<T>) {
  const { payments, idPrefix } = props;
  const cardForm = useRef<HTMLFormElement>(null);
  const payment = usePaymentController<Extract<T, { status: 'succeeded' }>>({
    payments,
    async onPaid(answer) {
      cardForm.current?.reset();
      payment.setErrors({});
      payment.setPending(false);
      await props.onPaid(answer);
    },
  });
  const { errors } = payment;

  function stepOf(answer: T): PaymentStep<Extract<T, { status: 'succeeded' }>> {
    if (answer.status === 'succeeded') return { paid: answer as Extract<T, { status: 'succeeded' }> };
    if (answer.status === 'requires_action')
      return { bankCheck: answer.clientSecret, confirm: async () => stepOf(await props.confirm(answer.paymentId)) };
    return { waiting: 'Your payment is on its way at your bank. This page shows it once it has arrived.' };
  }

  async function payWith(paymentMethod: () => Promise<string>) {
    if (props.check && !props.check()) return;
    await payment.pay(async () => stepOf(await props.pay(await paymentMethod())));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = typedCard(event.currentTarget, idPrefix);
    if (!payment.checked({}, card)) return;
    await payWith(() => testPaymentMethod(card));
  }

  return (
    <div className="space-y-4">
      {payments.testMode ? <TestCardsNote /> : null}
      <BankCheck bank={payment.bank} amount={props.amount} />
      {payments.gateway === 'test' ? (
        <form ref={cardForm} noValidate onSubmit={submit} aria-label={props.label} className="space-y-3">
          {props.children}
          <TestCardFields idPrefix={idPrefix} errors={errors} className="grid gap-3 sm:grid-cols-4" />
          <Button type="submit" pending={payment.pending} pendingLabel={props.pendingLabel} className="py-2">
            {props.submitLabel}
          </Button>
        </form>
      ) : (
        <div className="space-y-3">
          {props.children}
          <StripeCardForm
            publishableKey={payments.publishableKey}
            account={payments.account}
            onPaymentMethod={(paymentMethod) => payWith(async () => paymentMethod)}
            disabled={payment.pending}
            submitLabel={props.submitLabel}
          />
        </div>
      )}
      <div aria-live="polite" className="empty:hidden">
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      </div>
    </div>
  );
}
