import Stripe from 'stripe';
import { WebhookSignatureError, type GatewayEvent, type PaymentPurpose } from '../port.ts';

/**
 * Verifies a Stripe webhook on its raw bytes (a re-serialised body would not match its
 * signature) and keeps what the shop acts on. Every other event type is acknowledged as
 * `ignored` rather than failed, so Stripe stops redelivering it.
 */
export function parseStripeWebhook(rawBody: Buffer, signature: string | undefined, secret: string): GatewayEvent {
  if (!signature) throw new WebhookSignatureError('the Stripe-Signature header is missing');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
  }
  return toPaymentEvent(event);
}

export function toPaymentEvent(event: Stripe.Event): GatewayEvent {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        id: event.id,
        type: 'payment_succeeded',
        paymentId: intent.id,
        ...order(intent.metadata),
        amountCents: intent.amount_received || intent.amount,
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return { id: event.id, type: 'payment_failed', paymentId: intent.id, ...order(intent.metadata), amountCents: intent.amount };
    }
    case 'setup_intent.succeeded': {
      const intent = event.data.object;
      return { id: event.id, type: 'setup_succeeded', paymentId: intent.id, ...order(intent.metadata), amountCents: 0 };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      return { id: event.id, type: 'refunded', paymentId, ...order(charge.metadata), amountCents: charge.amount_refunded };
    }
    // an invoice of Stripe Invoicing (an employer's monthly invoice) paid on its hosted page, or voided there
    case 'invoice.paid':
      return invoiceEvent(event.id, 'invoice_paid', event.data.object, event.data.object.status_transitions.paid_at ?? event.created);
    case 'invoice.voided':
      return invoiceEvent(event.id, 'invoice_voided', event.data.object, event.data.object.status_transitions.voided_at ?? event.created);
    default:
      return { id: event.id, type: 'ignored', paymentId: null, orderId: null, purpose: null, amountCents: 0 };
  }
}

function invoiceEvent(id: string, type: 'invoice_paid' | 'invoice_voided', invoice: Stripe.Invoice, at: number): GatewayEvent {
  return { id, type, invoiceId: invoice.id, issuedFor: invoice.metadata?.invoice_id || null, at: new Date(at * 1000) };
}

const purposes: readonly PaymentPurpose[] = ['checkout', 'program', 'subscription', 'clinic_card', 'employer_invoice', 'employer_top_up'];

/** The adapter writes `orderId` (or `employerPaymentId`) and `purpose` on every payment; anything else is not the shop's. */
function order(metadata: Stripe.Metadata | null | undefined): {
  orderId: string | null;
  purpose: PaymentPurpose | null;
  employerPaymentId?: string;
} {
  const purpose = metadata?.purpose;
  return {
    orderId: metadata?.orderId || null,
    // an employer's payment (an invoice, a bank top-up) is no order's: the employers settle it by this id
    ...(metadata?.employerPaymentId ? { employerPaymentId: metadata.employerPaymentId } : {}),
    purpose: purposes.find((known) => known === purpose) ?? null,
  };
}
