import Stripe from 'stripe';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentOutcome } from '../port.ts';

/**
 * Stripe's answers turned into the port's `PaymentOutcome`: one mapping for PaymentIntents,
 * one for SetupIntents, and one for the errors Stripe raises instead of answering.
 */

const idOf = (value: string | { id: string } | null | undefined) => (value == null ? null : typeof value === 'string' ? value : value.id);

function cardOf(method: string | Stripe.PaymentMethod | null | undefined) {
  const card = method && typeof method === 'object' ? method.card : undefined;
  return {
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    cardFingerprint: card?.fingerprint ?? null,
    cardExpiry: card ? { month: card.exp_month, year: card.exp_year } : null,
  };
}

/**
 * A payment declined while the customer was away keeps its client secret: the customer comes
 * back and authenticates with it (DESIGN.md §3, "an authentication-required decline brings the
 * customer back to approve it").
 */
const needsCustomer = (declineCode: string | null) => declineCode === 'authentication_required';

export function fromPaymentIntent(intent: Stripe.PaymentIntent): PaymentOutcome {
  const lastError = intent.last_payment_error;
  const method = intent.payment_method ?? lastError?.payment_method ?? null;
  const status = intentStatus(intent.status);
  const declineCode = status === 'declined' ? lastError?.decline_code || lastError?.code || intent.status : null;
  const saved = intent.setup_future_usage === 'off_session' && (status === 'succeeded' || status === 'processing');
  return {
    status,
    id: intent.id,
    amountCents: intent.amount,
    customerId: idOf(intent.customer),
    savedPaymentMethod: saved ? idOf(method) : null,
    ...cardOf(method),
    clientSecret: status === 'requires_action' || needsCustomer(declineCode) ? intent.client_secret : null,
    declineCode,
  };
}

export function fromSetupIntent(intent: Stripe.SetupIntent): PaymentOutcome {
  const lastError = intent.last_setup_error;
  const method = intent.payment_method ?? lastError?.payment_method ?? null;
  const status = intentStatus(intent.status);
  return {
    status,
    id: intent.id,
    amountCents: 0,
    customerId: idOf(intent.customer),
    savedPaymentMethod: status === 'succeeded' ? idOf(method) : null,
    ...cardOf(method),
    clientSecret: status === 'requires_action' ? intent.client_secret : null,
    declineCode: status === 'declined' ? lastError?.decline_code || lastError?.code || intent.status : null,
  };
}

function intentStatus(status: Stripe.PaymentIntent.Status | Stripe.SetupIntent.Status): PaymentOutcome['status'] {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'requires_action':
      return 'requires_action';
    // the attempt failed and the intent waits for another card, or it was given up
    case 'requires_payment_method':
    case 'canceled':
      return 'declined';
    // not finished and not failed: the shop waits for the webhook or looks again later
    default:
      return 'processing';
  }
}

/**
 * A card error is an answer (declined); a bad payment method reference is the customer's to fix;
 * anything else from Stripe, or no answer at all, means the gateway is unavailable.
 */
export function outcomeOfError(error: unknown): PaymentOutcome {
  if (error instanceof Stripe.errors.StripeCardError) {
    const base = error.payment_intent
      ? fromPaymentIntent(error.payment_intent)
      : error.setup_intent
        ? fromSetupIntent(error.setup_intent)
        : null;
    // the SDK gives a card error without an issuer's reason an empty decline_code
    const declineCode = error.decline_code || error.code || 'card_declined';
    const card = cardOf(error.payment_method);
    return {
      status: 'declined',
      id: base?.id ?? error.charge ?? error.requestId ?? 'unknown',
      amountCents: base?.amountCents ?? 0,
      customerId: base?.customerId ?? null,
      savedPaymentMethod: null,
      cardBrand: card.cardBrand ?? base?.cardBrand ?? null,
      cardLast4: card.cardLast4 ?? base?.cardLast4 ?? null,
      clientSecret: needsCustomer(declineCode) ? (error.payment_intent?.client_secret ?? null) : null,
      declineCode,
    };
  }
  throw gatewayError(error);
}

export function gatewayError(error: unknown): Error {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && isAboutPaymentMethod(error)) return new InvalidPaymentMethodError();
  if (error instanceof Stripe.errors.StripeError) {
    return new GatewayUnavailableError(`${error.type}${error.statusCode ? ` (${error.statusCode})` : ''}: ${error.message}`, {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(String(error));
}

function isAboutPaymentMethod(error: Stripe.errors.StripeError) {
  return error.param === 'payment_method' || (error.code?.startsWith('payment_method_') ?? false);
}
