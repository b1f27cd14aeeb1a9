import { eq, sql } from 'drizzle-orm';
import { transition, type OrderStatus } from '@shop/core';
import { payments, type Executor } from '@shop/db';
import { AppError, conflict, forbidden } from '../errors.ts';
import { consoleAction, isUuid, orderMissing, type Actor, type LifecycleDeps } from '../orders/lifecycle.ts';
import { checkoutPayments } from '../orders/lifecycle-repository.ts';
import { moveOrder } from '../orders/moves.ts';
import { mayDo } from '../orders/permissions.ts';
import { findOrder } from '../orders/repository.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { creditUsedBy } from '../store-credit/repository.ts';

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
 * the order is locked and moved, and the state machine refuses the second: a 409.
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
  const due = (await checkoutPayments(deps.db, order.id)).filter(
    (payment) => payment.amountCents > payment.refundedCents && payment.providerPaymentId,
  );
  const credit = await creditOutstanding(deps.db, order.id);
  if (action === 'refund' && due.length === 0 && credit === 0)
    throw conflict('NOTHING_TO_REFUND', 'Nothing was paid for this order that is not already refunded.');
  for (const payment of due) {
    const outcome = await deps.gateway.refund({
      paymentId: payment.providerPaymentId!,
      amountCents: payment.amountCents,
      idempotencyKey: `refund:${payment.id}`,
    });
    if (outcome.status === 'failed')
      throw new AppError(502, 'REFUND_FAILED', 'The payment provider refused the refund. Please try again later.');
  }
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

/** A checkout payment of an order, with what of it can still go back to the card. */
export interface CardRefundable {
  paymentId: string;
  providerPaymentId: string;
  leftCents: number;
}

/** The order's card payment at checkout that can give back the most (none: paid by credit alone, or $0). */
export async function cardRefundable(db: Executor, orderId: string): Promise<CardRefundable | null> {
  const candidates = (await checkoutPayments(db, orderId))
    .filter((payment) => payment.providerPaymentId)
    .map((payment) => ({
      paymentId: payment.id,
      providerPaymentId: payment.providerPaymentId!,
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
  const outcome = await gateway.refund({ paymentId: payment.providerPaymentId, amountCents, idempotencyKey });
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
