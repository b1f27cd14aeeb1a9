import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { messages } from '@shop/core';
import type { PaymentsConfig } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../alert';
import { Button } from '../button';
import { Field } from '../field';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { handleStripeAction, StripeCardForm } from './stripe-card-form';
import { TestAuthentication } from './test-authentication';

/** What the server answers a card payment: paid, the bank's check to finish (with the gateway's secret), or still on its way. */
export type CardPaymentAnswer =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'processing'; paymentId: string };

type CardErrors = Partial<Record<'number' | 'expiry' | 'cvc' | 'form', string>>;

function typed(form: HTMLFormElement, id: string): string {
  const input = form.elements.namedItem(id);
  return input instanceof HTMLInputElement ? input.value : '';
}

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
  const [errors, setErrors] = useState<CardErrors>({});
  const [pending, setPending] = useState(false);
  const [bankCheck, setBankCheck] = useState<{ paymentId: string; clientSecret: string } | null>(null);
  const cardForm = useRef<HTMLFormElement>(null);
  const id = (field: string) => `${idPrefix}-${field}`;

  function fail(failure: unknown) {
    if (isApiError(failure) && (failure.code === 'INVALID_CARD' || failure.code === 'CARD_EXPIRED')) setErrors({ number: failure.message });
    else setErrors({ form: messageOf(failure, messages.checkoutFailed) });
    setPending(false);
  }

  async function settled(answer: T) {
    if (answer.status === 'succeeded') {
      cardForm.current?.reset();
      setErrors({});
      setPending(false);
      await props.onPaid(answer as Extract<T, { status: 'succeeded' }>);
      return;
    }
    if (answer.status === 'requires_action') {
      if (payments.gateway === 'test') return setBankCheck({ paymentId: answer.paymentId, clientSecret: answer.clientSecret });
      await handleStripeAction(payments.publishableKey ?? '', payments.account, answer.clientSecret);
      return settled(await props.confirm(answer.paymentId));
    }
    setErrors({ form: 'Your payment is on its way at your bank. This page shows it once it has arrived.' });
    setPending(false);
  }

  async function payWith(paymentMethod: () => Promise<string>) {
    if (props.check && !props.check()) return;
    setPending(true);
    try {
      await settled(await props.pay(await paymentMethod()));
    } catch (failure) {
      fail(failure);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const card = { number: typed(form, id('number')), expiry: typed(form, id('expiry')), cvc: typed(form, id('cvc')) };
    const next: CardErrors = {};
    if (card.number.replace(/\D/g, '').length < 12) next.number = 'Please enter a valid card number';
    if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry)) next.expiry = 'Please enter the expiry date as MM/YY';
    if (!/^\d{3,4}$/.test(card.cvc)) next.cvc = 'Please enter the 3 or 4 digit security code';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    await payWith(async () => (await browserApi().createTestPaymentMethod(card)).paymentMethod);
  }

  async function answerBank(approve: boolean) {
    const check = bankCheck;
    if (!check) return;
    try {
      await browserApi().authenticateTestPayment(check.clientSecret, approve);
      setBankCheck(null);
      await settled(await props.confirm(check.paymentId));
    } catch (failure) {
      setBankCheck(null);
      fail(failure);
    }
  }

  return (
    <div className="space-y-4">
      {payments.testMode ? (
        <Alert tone="warning">
          Test mode: no real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline, or 4000 0025 0000 3155
          to be asked for a bank confirmation.
        </Alert>
      ) : null}
      <TestAuthentication
        open={bankCheck !== null}
        amount={props.amount}
        onAnswer={answerBank}
        onClose={() => {
          setBankCheck(null);
          setPending(false);
        }}
      />
      {payments.gateway === 'test' ? (
        <form ref={cardForm} noValidate onSubmit={submit} aria-label={props.label} className="space-y-3">
          {props.children}
          <div className="grid gap-3 sm:grid-cols-4">
            {/* no name: the card goes from this script to the gateway, never with a form to the page's server */}
            <Field
              className="sm:col-span-4"
              label="Card number"
              id={id('number')}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              error={errors.number}
            />
            <Field
              className="sm:col-span-2"
              label="Expiry (MM/YY)"
              id={id('expiry')}
              autoComplete="cc-exp"
              placeholder="MM/YY"
              error={errors.expiry}
            />
            <Field
              className="sm:col-span-2"
              label="Security code"
              id={id('cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="CVC"
              error={errors.cvc}
            />
          </div>
          <Button type="submit" pending={pending} pendingLabel={props.pendingLabel} className="py-2">
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
            disabled={pending}
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
