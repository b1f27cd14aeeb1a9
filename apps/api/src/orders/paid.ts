import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { transition, type OrderStatus } from '@shop/core';
import {
  cartGifts,
  orderAttributions,
  orderEvents,
  orderItems,
  orders,
  preparedQuery,
  providerOrders,
  valueLater,
  type Executor,
} from '@shop/db';
import type { EventRecorder } from '../events/bus.ts';
import type { OrderHoldings } from '../events/catalog.ts';
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
  via: 'checkout' | 'gift' | 'clinic' = 'checkout',
): Promise<OrderRow> {
  const paid = transition(order.status as OrderStatus, { type: 'payment_succeeded' });
  const collecting = paid.ok ? transition(paid.status, { type: 'collection_requested' }) : paid;
  let moved: OrderRow | undefined;
  let holds: OrderHoldings | undefined;
  if (paid.ok && collecting.ok) {
    const now = new Date();
    const [row] = await moveToPaid(tx, {
      orderId: order.id,
      fromStatus: order.status,
      paidStatus: paid.status,
      collectingStatus: collecting.status,
      collectsFurther: collecting.status !== paid.status,
      actor,
      now,
    });
    if (row) {
      const { gift, attribution, subscription, payLink, ...paidOrder } = row;
      moved = paidOrder;
      holds = { gift, attribution, subscription, payLink };
    }
  }
  if (!moved) {
    // one state-machine step at a time, for an order someone else is moving
    const collects = await holdsProductNeedingSample(tx, order.id);
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
    ...(holds ? { holds } : {}),
  });
  return moved;
}

/**
 * The move to paid in one statement, built once (every paid order sends it). The order's lines
 * decide, in the update itself, whether it goes on to the collection choice; its timeline steps
 * are written by the same statement (one round trip instead of two). The steps read the order as
 * it was before the update, under the caller's lock, so they are written exactly when the
 * update's guard holds (the order still in the status its mover read).
 */
const moveToPaid = preparedQuery((tx) => {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const orderId = sql.placeholder('orderId');
  const movable = and(eq(orders.id, orderId), eq(orders.status, sql`${value('fromStatus')}`));
  const needsSample = holdsProductNeedingSampleSql(orderId);
  const steps = tx.$with('paid_steps', {}).as(sql`
    insert into ${orderEvents} (order_id, event, from_status, to_status, actor)
    select ${orders.id}, 'payment_succeeded', ${value('fromStatus')}, ${value('paidStatus')}, ${value('actor')}
    from ${orders} where ${movable}
    union all
    select ${orders.id}, 'collection_requested', ${value('paidStatus')}, ${value('collectingStatus')}, 'system'
    from ${orders} where ${movable} and ${value('collectsFurther')} and ${needsSample}`);
  return tx
    .with(steps)
    .update(orders)
    .set({
      status: sql`case when ${needsSample} then ${value('collectingStatus')} else ${value('paidStatus')} end`,
      paidAt: valueLater<Date>('now'),
      updatedAt: valueLater<Date>('now'),
    })
    .where(movable)
    .returning({ ...getTableColumns(orders), ...holdingsOf })
    .prepare('move_to_paid');
});

/**
 * The moved order's own columns, named with their table: inside an UPDATE, Drizzle names a column
 * of the updated table without it, which a subquery on another table would read as its own.
 */
const moving = { id: sql.raw('"orders"."id"'), cartId: sql.raw('"orders"."cart_id"') };

/**
 * What the order's consumers act on (`order.paid`'s `holds`), as columns of the move's RETURNING:
 * one indexed probe each in the statement that runs anyway, where each consumer would otherwise
 * send a statement of its own to find, for most orders, nothing.
 */
const holdingsOf = {
  gift: sql<boolean>`exists (select 1 from ${cartGifts} where ${cartGifts.cartId} = ${moving.cartId})`.mapWith(Boolean),
  attribution: sql<boolean>`exists (select 1 from ${orderAttributions} where ${orderAttributions.orderId} = ${moving.id})`.mapWith(Boolean),
  subscription:
    sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${moving.id} and ${orderItems.frequency} is not null)`.mapWith(
      Boolean,
    ),
  payLink: sql<boolean>`exists (select 1 from ${providerOrders} where ${providerOrders.cartId} = ${moving.cartId})`.mapWith(Boolean),
};
