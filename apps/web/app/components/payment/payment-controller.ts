import { useRef, useState } from 'react';
import { cardEntryProblems, messages, type CardEntry, type CardEntryField } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { handleStripeAction } from './stripe-card-form';

/** What the bank's check needs to know of the shop's payments: its gateway and, for Stripe, the card form's key. */
export interface PaymentGatewayConfig {
  gateway: string;
  publishableKey?: string | null;
  account: string | null;
}

/**
 * Where a payment stands after the server's answer: paid (with what the page goes on with), the
 * bank asking the customer to confirm first (with the gateway's secret, and how to ask the server
 * again once the bank has answered), or on its way at the bank.
 */
export type PaymentStep<T> = { paid: T } | { bankCheck: string; confirm(): Promise<PaymentStep<T>> } | { waiting: string };

/** A field's refusal by its name (the card's, the page's own such as its consents), and the form's under `form`. */
export type PaymentErrors = Partial<Record<string, string>>;

/** The server still asks for the bank's confirmation after the customer gave it. */
export const bankStillAsks = 'Your bank still asks for a confirmation. Please try again.';

/** The card typed into the test gateway's fields, read by their ids: the fields have no name. */
export function typedCard(form: HTMLFormElement, idPrefix: string): CardEntry {
  const typed = (field: CardEntryField) => {
    const input = form.elements.namedItem(`${idPrefix}-${field}`);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  return { number: typed('number'), expiry: typed('expiry'), cvc: typed('cvc') };
}

/** The test gateway's reference for a typed card: the number goes from this script to the gateway only. */
export async function testPaymentMethod(card: CardEntry): Promise<string> {
  return (await browserApi().createTestPaymentMethod(card)).paymentMethod;
}

/** The API's answer to placing an order (the checkout, a pay link): paid (201), or the bank asks first (202). */
type PlacedOrder = { order: { id: string } } | { order: { id: string }; requiresAction: { clientSecret: string } };

/** Where an order's payment stands; once the bank has answered, the order's payment is asked again. */
export function orderPaymentStep(placed: PlacedOrder): PaymentStep<{ id: string }> {
  const { order } = placed;
  if (!('requiresAction' in placed)) return { paid: order };
  const confirm = async (): Promise<PaymentStep<{ id: string }>> => {
    const confirmed = await browserApi().confirmOrderPayment(order.id);
    if ('requiresAction' in confirmed) throw new Error(bankStillAsks);
    return { paid: confirmed.order };
  };
  return { bankCheck: placed.requiresAction.clientSecret, confirm };
}

interface PaymentOptions<T> {
  payments: PaymentGatewayConfig;
  /** the field of the page's own that a refusal's code belongs to (the account step's e-mail or password) */
  fieldOfFailure?: (failure: unknown) => string | undefined;
  /** after a refusal, what else the page undoes (a note that the card was saved) */
  onFailure?: () => void;
  onPaid(paid: T): Promise<void> | void;
}

/**
 * The payment controller every page that takes a card shares (the checkout's variants, the pay
 * link, the employer's invoice, the clinic's card): the refusals at their fields, the pending
 * button, one attempt key per attempt (a double click or a retry reuses it, a declined card's
 * next try gets a new one), and the bank's confirmation when the bank asks: the test gateway's
 * stand-in (`BankCheck`) or the bank's own screen through Stripe, then the server asked again.
 */
export function usePaymentController<T>(options: PaymentOptions<T>) {
  const { payments } = options;
  const [errors, setErrors] = useState<PaymentErrors>({});
  const [pending, setPending] = useState(false);
  const [bankCheck, setBankCheck] = useState<Extract<PaymentStep<T>, { bankCheck: string }> | null>(null);
  // the bank's stand-in is loaded the first time the bank asks, then stays on the page
  const [bankAsked, setBankAsked] = useState(false);
  const attempt = useRef<string | null>(null);

  function fail(failure: unknown) {
    const field = options.fieldOfFailure?.(failure);
    if (field && isApiError(failure)) setErrors({ [field]: failure.message });
    else if (isApiError(failure) && (failure.code === 'INVALID_CARD' || failure.code === 'CARD_EXPIRED'))
      setErrors({ number: failure.message });
    else setErrors({ form: messageOf(failure, messages.checkoutFailed) });
    if (isApiError(failure) && failure.status === 402) attempt.current = null;
    options.onFailure?.();
    setPending(false);
  }

  async function settle(step: PaymentStep<T>): Promise<void> {
    if ('paid' in step) return options.onPaid(step.paid);
    if ('waiting' in step) {
      setErrors({ form: step.waiting });
      setPending(false);
      return;
    }
    if (payments.gateway === 'test') {
      setBankAsked(true);
      setBankCheck(step);
      return;
    }
    await handleStripeAction(payments.publishableKey ?? '', payments.account, step.bankCheck);
    return settle(await step.confirm());
  }

  return {
    errors,
    setErrors,
    pending,
    setPending,
    /** Shows a failure at its field, or the form's. */
    fail,
    /** The key of this attempt, made on its first use. */
    attemptKey(): string {
      attempt.current ??= crypto.randomUUID();
      return attempt.current;
    },
    /** Shows every refusal of the page's fields and of the typed card at once: true when there is none. */
    checked(pageErrors: PaymentErrors, card?: CardEntry): boolean {
      const next = { ...pageErrors, ...(card ? cardEntryProblems(card) : {}) };
      setErrors(next);
      return Object.keys(next).length === 0;
    },
    /** Runs a payment: pending from the start; its answer settled (paid, the bank's check, on its way) or its failure shown. */
    async pay(run: () => Promise<PaymentStep<T> | undefined>): Promise<void> {
      setPending(true);
      try {
        const step = await run();
        if (step) await settle(step);
      } catch (failure) {
        fail(failure);
      }
    },
    /** The bank's stand-in, for `BankCheck`: whether it is asking, whether it was ever asked. */
    bank: {
      open: bankCheck !== null,
      asked: bankAsked,
      answer: async (approve: boolean) => {
        const check = bankCheck;
        if (!check) return;
        try {
          await browserApi().authenticateTestPayment(check.bankCheck, approve);
          const next = await check.confirm();
          setBankCheck(null);
          await settle(next);
        } catch (failure) {
          setBankCheck(null);
          fail(failure);
        }
      },
      close: () => {
        setBankCheck(null);
        setPending(false);
      },
    },
  };
}

export type PaymentController<T> = ReturnType<typeof usePaymentController<T>>;
