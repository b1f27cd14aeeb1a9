import { eq } from 'drizzle-orm';
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
async function creditOutstanding(db: Executor, orderId: string): Promise<number> {
  const credit = await creditUsedBy(db, orderId);
  return credit.spentCents - credit.returnedCents;
}

async function markRefunded(tx: Executor, paymentId: string, refundedCents: number): Promise<void> {
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
