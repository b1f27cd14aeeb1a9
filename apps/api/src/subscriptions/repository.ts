import { membershipProductCodes } from '@shop/core';
import { and, asc, desc, eq, inArray, isNotNull, lte, notInArray } from 'drizzle-orm';
import { orderItems, orders, payments, subscriptionDeliveries, subscriptions, users, type Executor } from '@shop/db';
import type { OrderRow } from '../orders/repository.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type DeliveryRow = typeof subscriptionDeliveries.$inferSelect;

/**
 * Writes one subscription per recurring line of a paid order, in one statement, and answers the
 * new ones (none when they were written before). The next delivery's day is worked out by the
 * caller for both frequencies, so the calendar stays core's.
 */
export async function insertSubscriptionsOfOrder(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'userId'>,
  nextDeliveryOn: { monthly: string; quarterly: string },
): Promise<SubscriptionRow[]> {
  // the lines are read through the schema, which opens their sealed titles (decision 0072)
  const lines = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.frequency)));
  if (lines.length === 0 || !order.userId) return [];
  const inserted = await tx
    .insert(subscriptions)
    .values(
      lines.map((line) => ({
        userId: order.userId,
        orderId: line.orderId,
        productCode: line.productCode,
        testId: line.testId,
        title: line.title,
        frequency: line.frequency!,
        priceCents: line.unitPriceCents * line.quantity,
        nextDeliveryOn: line.frequency === 'quarterly' ? nextDeliveryOn.quarterly : nextDeliveryOn.monthly,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  const ids = inserted.map((row) => row.id);
  if (ids.length === 0) return [];
  return tx.select().from(subscriptions).where(inArray(subscriptions.id, ids));
}

export async function findSubscriptionWithOrder(
  db: Executor,
  subscriptionId: string,
): Promise<{ subscription: SubscriptionRow; order: OrderRow } | undefined> {
  const [row] = await db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.id, subscriptionId));
  return row;
}

/** The subscription, locked: every change to it and to its deliveries takes this lock first. */
export async function lockSubscription(tx: Executor, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)).for('update');
  return row;
}

export async function findDelivery(
  tx: Executor,
  subscriptionId: string,
  sequence: number,
  options: { lock?: boolean } = {},
): Promise<DeliveryRow | undefined> {
  const query = tx
    .select()
    .from(subscriptionDeliveries)
    .where(and(eq(subscriptionDeliveries.subscriptionId, subscriptionId), eq(subscriptionDeliveries.sequence, sequence)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertDelivery(tx: Executor, values: typeof subscriptionDeliveries.$inferInsert): Promise<DeliveryRow | undefined> {
  const [row] = await tx.insert(subscriptionDeliveries).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateDelivery(
  tx: Executor,
  id: string,
  values: Partial<typeof subscriptionDeliveries.$inferInsert>,
): Promise<DeliveryRow | undefined> {
  const [row] = await tx
    .update(subscriptionDeliveries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptionDeliveries.id, id))
    .returning();
  return row;
}

export async function updateSubscription(
  tx: Executor,
  id: string,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

/** A delivery with its subscription and the order that started it. */
export async function findDeliveryById(db: Executor, deliveryId: string) {
  const [row] = await db
    .select({ delivery: subscriptionDeliveries, subscription: subscriptions, order: orders })
    .from(subscriptionDeliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptionDeliveries.id, deliveryId));
  return row;
}

/** A member's subscriptions, newest first, with the order number that started each. */
export async function listSubscriptionsOfUser(db: Executor, userId: string) {
  return db
    .select({ subscription: subscriptions, orderNumber: orders.number })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt));
}

export async function listDeliveriesOf(db: Executor, subscriptionIds: string[]): Promise<DeliveryRow[]> {
  if (subscriptionIds.length === 0) return [];
  return db
    .select()
    .from(subscriptionDeliveries)
    .where(inArray(subscriptionDeliveries.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionDeliveries.sequence));
}

const withCustomer = {
  subscription: subscriptions,
  customerEmail: users.email,
  customerName: users.name,
  orderNumber: orders.number,
};

/** For the console: subscriptions whose next delivery is due by `until`, soonest first. */
export async function listDueSubscriptions(db: Executor, until: string, limit = 200) {
  return db
    .select(withCustomer)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        inArray(subscriptions.status, ['active', 'past_due']),
        isNotNull(subscriptions.nextDeliveryOn),
        lte(subscriptions.nextDeliveryOn, until),
      ),
    )
    .orderBy(asc(subscriptions.nextDeliveryOn))
    .limit(limit);
}

/**
 * For the console: deliveries in the given states, oldest due first, with their subscription and
 * customer; `shipping` keeps those that ship a kit (a membership's renewals ship nothing).
 */
export async function listDeliveriesInStatus(db: Executor, statuses: string[], limit = 200, options: { shipping?: boolean } = {}) {
  const shipping = options.shipping ? notInArray(subscriptions.productCode, [...membershipProductCodes]) : undefined;
  return db
    .select({ delivery: subscriptionDeliveries, ...withCustomer })
    .from(subscriptionDeliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(inArray(subscriptionDeliveries.status, statuses), shipping))
    .orderBy(asc(subscriptionDeliveries.dueOn), asc(subscriptionDeliveries.createdAt))
    .limit(limit);
}

/** For the console: every subscription, newest first. */
export async function listAllSubscriptions(db: Executor, limit = 200) {
  return db
    .select(withCustomer)
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(limit);
}

/**
 * An order that is cancelled or refunded ends the test subscriptions it started, in the caller's
 * transaction (which holds the order's lock): nothing more is charged, and deliveries still
 * waiting for their charge are skipped. Answers how many ended.
 */
export async function endSubscriptionsOfOrder(tx: Executor, orderId: string): Promise<number> {
  const now = new Date();
  const ended = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt: now, nextDeliveryOn: null, updatedAt: now })
    .where(and(eq(subscriptions.orderId, orderId), inArray(subscriptions.status, ['active', 'past_due'])))
    .returning({ id: subscriptions.id });
  if (ended.length === 0) return 0;
  await tx
    .update(subscriptionDeliveries)
    .set({ status: 'skipped', updatedAt: now })
    .where(
      and(
        inArray(
          subscriptionDeliveries.subscriptionId,
          ended.map((row) => row.id),
        ),
        inArray(subscriptionDeliveries.status, ['scheduled', 'declined', 'needs_customer']),
      ),
    );
  return ended.length;
}

/** A payment attempt by its key. */
export async function paymentByKey(db: Executor, attemptKey: string) {
  const [row] = await db.select().from(payments).where(eq(payments.attemptKey, attemptKey));
  return row;
}
