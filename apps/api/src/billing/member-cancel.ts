import { and, eq } from 'drizzle-orm';
import { memberCancelVerdict, type KitStatus, type OrderStatus } from '@shop/core';
import { orderEvents } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict } from '../errors.ts';
import { isUuid, orderMissing } from '../orders/lifecycle.ts';
import { checkoutPayments, listKits, lockOrder, type OrderRow } from '../orders/lifecycle-repository.ts';
import { moveOrder } from '../orders/moves.ts';
import { clinicsThatPaid } from '../orders/paid-by-clinic.ts';
import { creditOutstanding, markRefunded, type RefundDeps } from './refunds.ts';

const NOTHING_TO_REFUND =
  'Nothing was paid for this order by you, so it cannot be cancelled here. Please message support if you no longer want it.';
const CLINIC_PAID = 'Your clinic paid for this order: please ask your clinic to cancel it.';

/**
 * A member cancels their own order before anything left for them (no kit shipped, no lab order
 * sent), in their account, for a full refund — exactly once whatever races it:
 *
 * 1. under the order's lock it moves to cancelled (`member_cancel`): from then on no kit ships
 *    and no lab order goes out (both need the order where it was), and a twin request waits here;
 * 2. each card payment goes back through the payment port with the same key an operator's refund
 *    uses (`refund:<payment>`), outside the transaction as every refund is: one refund at the
 *    gateway however many ask;
 * 3. under the lock again the order moves to refunded and `order.refunded` is recorded (store
 *    credit, a subscription or a cover it started end with it): the first request does it, a twin
 *    finds it done.
 *
 * A refund the gateway refuses leaves the order cancelled: the member's retry (or an operator's
 * refund from the console) finishes it with the same keys.
 */
export async function cancelBeforeShipping(deps: RefundDeps, user: { id: string }, orderId: string, ip: string | null): Promise<OrderRow> {
  if (!isUuid(orderId)) throw orderMissing();
  const claimed = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.userId !== user.id) throw orderMissing();
    // a double click, or a retry after a refused refund: the cancel already taken goes on
    if ((order.status === 'cancelled' || order.status === 'refunded') && (await cancelledByMember(tx, order.id))) return order;
    const kits = (await listKits(tx, order.id)).map((kit) => kit.status as KitStatus);
    const verdict = memberCancelVerdict(order.status as OrderStatus, kits);
    if (!verdict.ok) throw conflict('ORDER_NOT_CANCELLABLE', verdict.reason);
    if ((await clinicsThatPaid(tx, [order])).has(order.id)) throw conflict('ORDER_NOT_CANCELLABLE', CLINIC_PAID);
    const paid = (await checkoutPayments(tx, order.id)).some((payment) => payment.amountCents > payment.refundedCents);
    if (!paid && (await creditOutstanding(tx, order.id)) === 0) throw conflict('NOTHING_TO_REFUND', NOTHING_TO_REFUND);
    const moved = await moveOrder(tx, order, { type: 'member_cancel' }, user.id, 'Cancelled by the member before shipping');
    await recordAudit(tx, {
      actor: { id: user.id, role: 'member' },
      action: 'order.member_cancel',
      subjectType: 'order',
      subjectId: order.id,
      detail: { from: order.status },
      ip,
    });
    return moved;
  });
  if (claimed.status === 'refunded') return claimed;

  const due = (await checkoutPayments(deps.db, claimed.id)).filter(
    (payment) => payment.amountCents > payment.refundedCents && payment.gatewayPaymentId,
  );
  for (const payment of due) {
    const outcome = await deps.gateway.refund({
      paymentId: payment.gatewayPaymentId!,
      amountCents: payment.amountCents,
      idempotencyKey: `refund:${payment.id}`,
    });
    if (outcome.status === 'failed') {
      throw new AppError(
        502,
        'REFUND_FAILED',
        'Your order is cancelled, but the refund did not go through yet. Please try again in a minute.',
      );
    }
  }
  const credit = await creditOutstanding(deps.db, claimed.id);

  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, claimed.id);
    if (!order) throw orderMissing();
    // a twin request refunded it first (or an operator did): its answer stands
    if (order.status !== 'cancelled') return order;
    const moved = await moveOrder(tx, order, { type: 'refund' }, user.id, 'Refunded in full: cancelled before shipping');
    for (const payment of due) await markRefunded(tx, payment.id, payment.amountCents);
    await deps.events.record(tx, 'order.refunded', {
      orderId: order.id,
      actor: user.id,
      refundedCents: due.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0),
      storeCreditCents: credit,
      declined: false,
    });
    return moved;
  });
}

async function cancelledByMember(tx: Parameters<typeof listKits>[0], orderId: string): Promise<boolean> {
  const [step] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, 'member_cancel')))
    .limit(1);
  return step !== undefined;
}
