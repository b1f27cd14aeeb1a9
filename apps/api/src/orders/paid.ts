import { and, eq, sql } from 'drizzle-orm';
import { transition, type OrderStatus } from '@shop/core';
import { orderEvents, orders, type Executor } from '@shop/db';
import type { EventRecorder } from '../events/bus.ts';
import { moveOrder } from './moves.ts';
import { holdsProductNeedingSample, holdsProductNeedingSampleSql, type OrderRow } from './repository.ts';

/**
 * What paying means for the order itself, in the transaction that records the payment: it moves
 * to paid and on to the collection choice when one of its products needs a sample (core's
 * `needsSample`). An order with none stays paid: a gift's recipient chooses when they redeem it,
 * and Base Daily, the nutritional plan, a coach session or the program bought later take no
 * sample. `order.paid` is recorded: what follows a payment elsewhere subscribes to that event
 * (event-handlers.ts). The caller holds the order's lock, so the guarded update only fails if
 * someone moved the order first.
 */
export async function markOrderPaid(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  actor: string,
  via: 'checkout' | 'gift' = 'checkout',
): Promise<OrderRow> {
  const paid = transition(order.status as OrderStatus, { type: 'payment_succeeded' });
  const collecting = paid.ok ? transition(paid.status, { type: 'collection_requested' }) : paid;
  let moved: OrderRow | undefined;
  let collects = false;
  if (paid.ok && collecting.ok) {
    const now = new Date();
    // the order's lines decide, in the update itself, whether it goes on to the collection choice
    [moved] = await tx
      .update(orders)
      .set({
        status: sql`case when ${holdsProductNeedingSampleSql(order.id)} then ${collecting.status} else ${paid.status} end`,
        paidAt: now,
        updatedAt: now,
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning();
    if (moved) {
      collects = moved.status === collecting.status && collecting.status !== paid.status;
      await tx.insert(orderEvents).values([
        { orderId: order.id, event: 'payment_succeeded', fromStatus: order.status, toStatus: paid.status, actor, reason: null },
        ...(collects
          ? [
              {
                orderId: order.id,
                event: 'collection_requested',
                fromStatus: paid.status,
                toStatus: collecting.status,
                actor: 'system',
                reason: null,
              },
            ]
          : []),
      ]);
    }
  }
  if (!moved) {
    // one state-machine step at a time, for an order someone else is moving
    collects = await holdsProductNeedingSample(tx, order.id);
    moved = await moveOrder(tx, order, { type: 'payment_succeeded' }, actor);
    if (collects) moved = await moveOrder(tx, moved, { type: 'collection_requested' }, 'system');
  }
  await events.record(tx, 'order.paid', {
    orderId: moved.id,
    number: moved.number,
    cartId: moved.cartId,
    userId: moved.userId,
    email: moved.email,
    paidAt: (moved.paidAt ?? new Date()).toISOString(),
    totalCents: moved.totalCents,
    appliedDiscounts: moved.appliedDiscounts.map((discount) => ({
      source: discount.source,
      code: discount.code,
      amountCents: discount.discountCents,
    })),
    via,
  });
  return moved;
}
