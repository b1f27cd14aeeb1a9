import { eq, sql } from 'drizzle-orm';
import { transition, type OrderStatus } from '@shop/core';
import { orders, payments, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict, forbidden } from '../errors.ts';
import { consoleAction, isUuid, orderMissing, type Actor, type LifecycleDeps } from '../orders/lifecycle.ts';
import { checkoutPayments } from '../orders/lifecycle-repository.ts';
import { moveOrder } from '../orders/moves.ts';
import { mayDo } from '../orders/permissions.ts';
import { findOrder, type OrderRow } from '../orders/repository.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { creditUsedBy } from '../store-credit/repository.ts';
import { claimDecline } from '../clinicians/physician.ts';
import { markReviewDeclined } from '../clinicians/repository.ts';
import { lockOrder } from '../orders/lifecycle-repository.ts';

export interface RefundDeps extends LifecycleDeps {
  gateway: PaymentGateway;
}

/** Whether anything an order took (a payment or store credit) has not been given back yet. */
export async function refundable(db: Executor, orderId: string): Promise<boolean> {
  if ((await checkoutPayments(db, orderId)).some((payment) => payment.amountCents > payment.refundedCents)) return true;
  return (await creditOutstanding(db, orderId)) > 0;
}

/** Store credit an order spent and has not given back yet. */
export async function creditOutstanding(db: Executor, orderId: string): Promise<number> {
  const credit = await creditUsedBy(db, orderId);
  return credit.spentCents - credit.returnedCents;
}

export async function markRefunded(tx: Executor, paymentId: string, refundedCents: number): Promise<void> {
  await tx.update(payments).set({ refundedCents, updatedAt: new Date() }).where(eq(payments.id, paymentId));
}

/**
 * Decline (clinician) or refund (operator): the money goes back through the payment port, once,
 * and `order.refunded` is recorded (store credit the order spent goes back on it).
 * The gateway is asked outside the database transaction (the built-in gateway writes to the same
 * database) with one idempotency key per payment, so two racing requests make one refund; then
 * the order is locked and moved, and the state machine refuses the second: a 409. A decline
 * first writes the order's one clinical decision under its lock (`claimDecline`), so that an
 * approval racing it is refused before the money goes back, never after.
 */
export async function refundOrder(
  deps: RefundDeps,
  action: 'decline' | 'refund',
  orderId: string,
  actor: Actor,
  reason: string | undefined,
) {
  if (!mayDo(actor.user.role, action)) throw forbidden(`Your role may not ${action} orders.`);
  if (!isUuid(orderId)) throw orderMissing();
  const order = await findOrder(deps.db, orderId);
  if (!order) throw orderMissing();
  const event = action === 'decline' ? ({ type: 'clinician_declined' } as const) : ({ type: 'refund' } as const);
  const allowed = transition(order.status as OrderStatus, event);
  if (!allowed.ok)
    throw conflict(
      order.status === 'refunded' ? 'ALREADY_REFUNDED' : 'ORDER_STATE',
      order.status === 'refunded' ? 'This order has already been refunded.' : allowed.reason,
    );
  if (action === 'decline') {
    await deps.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (!locked) throw orderMissing();
      const still = transition(locked.status as OrderStatus, event);
      if (!still.ok) throw conflict('ORDER_STATE', still.reason);
      await claimDecline(tx, locked, actor.user);
    });
  }
  const { due, credit } = await dueForRefund(deps.db, order.id);
  if (action === 'refund' && due.length === 0 && credit === 0)
    throw conflict('NOTHING_TO_REFUND', 'Nothing was paid for this order that is not already refunded.');
  await refundAtGateway(deps.gateway, due);
  const fallback = action === 'decline' ? 'Declined by a clinician' : 'Refunded by an operator';
  const refundedCents = due.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  return consoleAction(
    deps,
    action,
    order.id,
    actor,
    async (tx, locked) => {
      const moved = await moveOrder(tx, locked, event, actor.user.id, reason ?? fallback);
      for (const payment of due) await markRefunded(tx, payment.id, payment.amountCents);
      if (action === 'decline') await markReviewDeclined(tx, locked.id);
      await deps.events.record(tx, 'order.refunded', {
        orderId: locked.id,
        actor: actor.user.id,
        refundedCents,
        storeCreditCents: credit,
        declined: action === 'decline',
      });
      return moved;
    },
    { reason, refundedCents, storeCreditCents: credit },
  );
}

/** What of an order's payments and store credit has not gone back yet. */
async function dueForRefund(db: Executor, orderId: string) {
  const due = (await checkoutPayments(db, orderId)).filter(
    (payment) => payment.amountCents > payment.refundedCents && payment.gatewayPaymentId,
  );
  return { due, credit: await creditOutstanding(db, orderId) };
}

/** Each payment back in full through the port, keyed by the payment: whoever asks again (an operator, a retried job) gets this refund back. */
async function refundAtGateway(
  gateway: PaymentGateway,
  due: ReadonlyArray<{ id: string; gatewayPaymentId: string | null; amountCents: number }>,
) {
  for (const payment of due) {
    const outcome = await gateway.refund({
      paymentId: payment.gatewayPaymentId!,
      amountCents: payment.amountCents,
      idempotencyKey: `refund:${payment.id}`,
    });
    if (outcome.status === 'failed')
      throw new AppError(502, 'REFUND_FAILED', 'The payment provider refused the refund. Please try again later.');
  }
}

/**
 * The shop refunds an order itself, for a reason core's rules give (a kit lost on its way, one
 * that failed twice): the same steps as an operator's refund, by 'system'. Answers null when the
 * order was refunded already (a retried job, an operator first), so it refunds once.
 */
export async function refundOrderBySystem(
  deps: Pick<RefundDeps, 'db' | 'gateway' | 'events'>,
  orderId: string,
  reason: string,
  /** what follows in the refund's transaction (the member's e-mail) */
  andThen?: (tx: Executor, order: OrderRow, refundedCents: number) => Promise<void>,
) {
  const order = await findOrder(deps.db, orderId);
  if (!order || order.status === 'refunded') return null;
  const allowed = transition(order.status as OrderStatus, { type: 'kit_refunded' });
  if (!allowed.ok) throw conflict('ORDER_STATE', allowed.reason);
  const { due, credit } = await dueForRefund(deps.db, order.id);
  await refundAtGateway(deps.gateway, due);
  const refundedCents = due.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked || locked.status === 'refunded') return null;
    const moved = await moveOrder(tx, locked, { type: 'kit_refunded' }, 'system', reason);
    for (const payment of due) await markRefunded(tx, payment.id, payment.amountCents);
    await deps.events.record(tx, 'order.refunded', {
      orderId: locked.id,
      actor: 'system',
      refundedCents,
      storeCreditCents: credit,
      declined: false,
    });
    await andThen?.(tx, locked, refundedCents);
    await recordAudit(tx, {
      actor: { id: null, role: 'system' },
      action: 'order.refund',
      subjectType: 'order',
      subjectId: locked.id,
      detail: { reason, refundedCents, storeCreditCents: credit },
      ip: null,
    });
    return { order: moved, refundedCents, storeCreditCents: credit };
  });
}

/** A checkout payment of an order, with what of it can still go back to the card. */
export interface CardRefundable {
  paymentId: string;
  gatewayPaymentId: string;
  leftCents: number;
}

/** The order's card payment at checkout that can give back the most (none: paid by credit alone, or $0). */
export async function cardRefundable(db: Executor, orderId: string): Promise<CardRefundable | null> {
  const candidates = (await checkoutPayments(db, orderId))
    .filter((payment) => payment.gatewayPaymentId)
    .map((payment) => ({
      paymentId: payment.id,
      gatewayPaymentId: payment.gatewayPaymentId!,
      leftCents: payment.amountCents - payment.refundedCents,
    }))
    .sort((a, b) => b.leftCents - a.leftCents);
  return candidates[0] && candidates[0].leftCents > 0 ? candidates[0] : null;
}

/**
 * Gives part of a card payment back through the payment port, once per `idempotencyKey` (a retry
 * or a racing request gets the first refund back, never a second). Asked outside any database
 * transaction, as `refundOrder` does: the built-in gateway writes to the same database.
 */
export async function refundPartOfPayment(gateway: PaymentGateway, payment: CardRefundable, amountCents: number, idempotencyKey: string) {
  const outcome = await gateway.refund({ paymentId: payment.gatewayPaymentId, amountCents, idempotencyKey });
  if (outcome.status === 'failed')
    throw new AppError(502, 'REFUND_FAILED', 'The payment provider refused the refund. Please try again later.');
  return outcome;
}

/** Records, in the caller's transaction, that part of a payment went back to the card: the order keeps its status. */
export async function recordPartRefunded(tx: Executor, paymentId: string, amountCents: number): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedCents: sql`${payments.refundedCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}
