import { and, asc, desc, eq, inArray, notInArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { sampleFreeProductCodes, type LabReviewStage } from '@shop/core';
import {
  collectionChoices,
  gifts,
  labLocations,
  labReviews,
  medicalProfiles,
  orderEvents,
  orderItems,
  orders,
  payments,
  type Executor,
  type OrderRow,
} from '@shop/db';

export type { OrderRow };

export async function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function listOrdersOfUser(db: Executor, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
}

/** Whether the account has filled its medical profile: its next orders do not wait for it again. */
export async function hasMedicalProfile(db: Executor, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db.select({ userId: medicalProfiles.userId }).from(medicalProfiles).where(eq(medicalProfiles.userId, userId));
  return row !== undefined;
}

/** Where the nutritional plans of these orders stand, by order id; an order with no review begun is absent. */
export async function labReviewStagesOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, LabReviewStage>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: labReviews.orderId, deliveredAt: labReviews.deliveredAt })
    .from(labReviews)
    .where(inArray(labReviews.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.deliveredAt ? 'delivered' : 'in_review']));
}

export async function listRecentOrders(db: Executor, limit: number, offset: number): Promise<OrderRow[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt)).limit(limit).offset(offset);
}

/** What the member is told of the partner lab they chose: where it is and when it is open. */
const chosenLabColumns = {
  name: labLocations.name,
  address: labLocations.address,
  city: labLocations.city,
  state: labLocations.state,
  zipCode: labLocations.zipCode,
  hours: labLocations.hours,
};

export async function loadOrderDetails(db: Executor, orderId: string) {
  const [items, paymentRows, collection, timeline, gift] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.createdAt)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt)),
    db
      .select({ choice: collectionChoices, lab: chosenLabColumns })
      .from(collectionChoices)
      .leftJoin(labLocations, eq(labLocations.id, collectionChoices.labLocationId))
      .where(eq(collectionChoices.orderId, orderId)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt)),
    db.select().from(gifts).where(eq(gifts.orderId, orderId)),
  ]);
  return { items, payments: paymentRows, collection: collection[0]?.choice, lab: collection[0]?.lab ?? null, timeline, gift: gift[0] };
}

/**
 * An order with nothing to pay, placed by the shop rather than at a checkout (a gift redeemed, a
 * program's retest): its lines and its first step, `order_placed`, which says why. It starts as
 * pending payment like every order; the caller moves it on.
 */
export async function insertFreeOrder(
  tx: Executor,
  input: {
    userId: string;
    email: string;
    cartId: string;
    idempotencyKey?: string | null;
    lines: ReadonlyArray<Omit<typeof orderItems.$inferInsert, 'orderId'>>;
    actor: string;
    reason: string;
    /** where the person tested lives: the physician of record must be licensed there */
    testedState?: string | null;
  },
): Promise<OrderRow> {
  const [placed] = await tx
    .insert(orders)
    .values({
      testedState: input.testedState ?? null,
      userId: input.userId,
      cartId: input.cartId,
      idempotencyKey: input.idempotencyKey ?? null,
      email: input.email,
      status: 'pending_payment',
      subtotalCents: 0,
      discountCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 0,
      // nothing is charged later either (a gift's program was paid by its purchaser)
      deferredCents: 0,
    })
    .returning();
  if (!placed) throw new Error('insert returned nothing');
  await tx.insert(orderItems).values(input.lines.map((line) => ({ orderId: placed.id, ...line })));
  await tx.insert(orderEvents).values({
    orderId: placed.id,
    event: 'order_placed',
    fromStatus: null,
    toStatus: 'pending_payment',
    actor: input.actor,
    reason: input.reason,
  });
  return placed;
}

export async function insertCollectionChoice(db: Executor, values: typeof collectionChoices.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(collectionChoices)
    .values(values)
    .onConflictDoNothing()
    .returning({ orderId: collectionChoices.orderId });
  return inserted.length > 0;
}

export async function findLabLocation(db: Executor, id: string) {
  const [row] = await db.select().from(labLocations).where(eq(labLocations.id, id));
  return row;
}

export async function findCollectionChoice(db: Executor, orderId: string) {
  const [row] = await db.select().from(collectionChoices).where(eq(collectionChoices.orderId, orderId));
  return row;
}

/** The partner lab an order chose, by its name and address; undefined for a home kit. */
export async function findChosenLab(db: Executor, orderId: string) {
  const [row] = await db
    .select(chosenLabColumns)
    .from(collectionChoices)
    .innerJoin(labLocations, eq(labLocations.id, collectionChoices.labLocationId))
    .where(eq(collectionChoices.orderId, orderId));
  return row;
}

/**
 * Whether an order holds a product that needs a sample, so a home kit or lab to choose. One
 * indexed lookup, since placing an order waits for it: a line that is not sample-free (an unknown
 * code included, as core's `needsSample` has it) is enough.
 */
export async function holdsProductNeedingSample(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(orderItems)
    .where(needingSample(orderId))
    .limit(1);
  return row !== undefined;
}

const needingSample = (orderId: string | Placeholder) =>
  and(eq(orderItems.orderId, orderId), notInArray(orderItems.productCode, [...sampleFreeProductCodes]));

/**
 * `holdsProductNeedingSample` as an expression, for a statement that decides by it (the move to
 * paid); the order may be a placeholder of a statement built once.
 */
export function holdsProductNeedingSampleSql(orderId: string | Placeholder): SQL<boolean> {
  return sql`exists (select 1 from ${orderItems} where ${needingSample(orderId)})`.mapWith(Boolean);
}
