import { eq } from 'drizzle-orm';
import { orders, paymentEvents, payments, type Executor } from '@shop/db';
import { paysOrder, settleAttempt, type AttemptRow, type CheckoutDeps } from './attempts.ts';
import { refundSurplus } from './surplus.ts';
import type { EventRecorder } from '../events/bus.ts';
import { moveOrder } from '../orders/moves.ts';
import { employerPaymentPurposes, type PaymentEvent, type PaymentOutcome } from '../payments/port.ts';

type Handler = (tx: Executor, events: EventRecorder, event: PaymentEvent, attempt: AttemptRow) => Promise<Effects>;

/** What must happen after the transaction: a refund of money taken twice. */
interface Effects {
  surplus: AttemptRow | null;
}

const none: Effects = { surplus: null };

/**
 * What each kind of gateway event does. Every handler is safe in any order: a success is final,
 * a failure reported after it changes nothing, and a refund only moves an order that may be refunded.
 */
const handlers: Record<Exclude<PaymentEvent['type'], 'ignored'>, Handler> = {
  payment_succeeded: async (tx, events, event, attempt) => settle(tx, events, event, attempt, 'succeeded'),
  setup_succeeded: async (tx, events, event, attempt) => settle(tx, events, event, attempt, 'succeeded'),
  payment_failed: async (tx, events, event, attempt) => {
    if (attempt.status === 'succeeded') return none;
    await settle(tx, events, event, attempt, 'declined');
    return none;
  },
  refunded: async (tx, events, event, attempt) => {
    const refundedCents = Math.max(attempt.refundedCents, event.amountCents);
    await tx.update(payments).set({ refundedCents, updatedAt: new Date() }).where(eq(payments.id, attempt.id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update');
    const whole = refundedCents >= attempt.amountCents;
    if (order && whole && paysOrder(attempt.purpose) && canRefund(order.status)) {
      await moveOrder(tx, order, { type: 'refund' }, 'payment-provider', 'Refunded at the payment provider');
      await events.record(tx, 'order.refunded', {
        orderId: order.id,
        actor: 'payment-provider',
        refundedCents,
        storeCreditCents: 0,
        declined: false,
      });
    }
    return none;
  },
};

async function settle(
  tx: Executor,
  events: EventRecorder,
  event: PaymentEvent,
  attempt: AttemptRow,
  status: 'succeeded' | 'declined',
): Promise<Effects> {
  const outcome: PaymentOutcome = {
    status,
    id: event.paymentId ?? attempt.gatewayPaymentId ?? '',
    amountCents: event.amountCents,
    customerId: null,
    savedPaymentMethod: null,
    cardBrand: null,
    cardLast4: null,
    clientSecret: null,
    declineCode: status === 'declined' ? 'card_declined' : null,
  };
  const settled = await settleAttempt(tx, events, attempt.attemptKey, outcome, 'payment-provider');
  return { surplus: settled.surplus ? settled.attempt : null };
}

function canRefund(status: string): boolean {
  return status !== 'refunded' && status !== 'pending_payment';
}

/**
 * Applies one verified gateway event, once: the event's id is written in the same transaction as
 * its effect, so a second delivery (or two at once) finds the row and does nothing.
 */
export async function applyPaymentEvent(deps: CheckoutDeps, event: PaymentEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
  const { db, gateway } = deps;
  const { type, paymentId } = event;
  if (type === 'ignored' || !paymentId) return 'ignored';
  const result = await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, gateway: gateway.name, provider: gateway.name, type: event.type })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return { status: 'duplicate' as const, ...none };
    if (isEmployerPayment(event)) {
      // an employer's payment (an invoice, a bank top-up) pays no order: the employers settle it, as its request does
      if (event.type !== 'payment_succeeded' && event.type !== 'payment_failed') return { status: 'ignored' as const, ...none };
      await deps.events.record(tx, 'employer_payment.reported', {
        employerPaymentId: event.employerPaymentId,
        paymentId,
        outcome: event.type === 'payment_succeeded' ? 'succeeded' : 'failed',
        amountCents: event.amountCents,
      });
      return { status: 'applied' as const, ...none };
    }
    const attempt = await findAttempt(tx, paymentId, event.orderId);
    if (!attempt) return { status: 'ignored' as const, ...none };
    return { status: 'applied' as const, ...(await handlers[type](tx, deps.events, event, attempt)) };
  });
  if (result.surplus) await refundSurplus(db, gateway, result.surplus);
  return result.status;
}

const isEmployerPayment = (event: PaymentEvent): event is PaymentEvent & { employerPaymentId: string } =>
  event.purpose !== null && (employerPaymentPurposes as readonly string[]).includes(event.purpose) && Boolean(event.employerPaymentId);

/**
 * The attempt an event is about: by the gateway's payment id, or — when the event overtook our
 * own write of that id (a webhook racing the browser's request) — the order's attempt that has
 * not heard from the gateway yet.
 */
async function findAttempt(tx: Executor, paymentId: string, orderId: string | null): Promise<AttemptRow | undefined> {
  const [known] = await tx.select().from(payments).where(eq(payments.gatewayPaymentId, paymentId));
  if (known || !orderId) return known;
  const waiting = await tx.select().from(payments).where(eq(payments.orderId, orderId));
  const unanswered = waiting.filter((row) => row.gatewayPaymentId === null && row.status === 'started');
  return unanswered.length === 1 ? unanswered[0] : undefined;
}
