import { paidOrderStatuses } from '@shop/core';
import { labReviewFiles, labReviews, orderItems, orders, users, type Executor } from '@shop/db';
import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

export const NUTRITIONAL_PLAN_CODE = 'nutritional-plan';

const hasPlanLine = (tx: Executor) =>
  exists(
    tx
      .select({ one: sql`1` })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orders.id), eq(orderItems.productCode, NUTRITIONAL_PLAN_CODE))),
  );

/** The member's paid orders that hold a nutritional plan, newest first, with their review when one has begun. */
export async function planOrdersOf(tx: Executor, userId: string) {
  return tx
    .select({ orderId: orders.id, number: orders.number, paidAt: orders.paidAt, review: labReviews })
    .from(orders)
    .leftJoin(labReviews, eq(labReviews.orderId, orders.id))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...paidOrderStatuses]), hasPlanLine(tx)))
    .orderBy(desc(orders.createdAt));
}

/** One of them, by its order, locked for an upload when asked: two uploads of one plan queue one after the other. */
export async function planOrderOf(tx: Executor, userId: string, orderId: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select({ orderId: orders.id, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), inArray(orders.status, [...paidOrderStatuses]), hasPlanLine(tx)));
  const [row] = await (options.lock ? query.for('update', { of: orders }) : query);
  return row;
}

export async function reviewOfOrder(tx: Executor, orderId: string) {
  const [row] = await tx.select().from(labReviews).where(eq(labReviews.orderId, orderId));
  return row;
}

export async function filesOf(tx: Executor, reviewIds: readonly string[]) {
  if (reviewIds.length === 0) return [];
  return tx
    .select()
    .from(labReviewFiles)
    .where(inArray(labReviewFiles.reviewId, [...reviewIds]))
    .orderBy(asc(labReviewFiles.uploadedAt));
}

const queueColumns = {
  review: labReviews,
  number: orders.number,
  memberName: users.name,
  memberEmail: users.email,
  files: sql<number>`(select count(*)::int from ${labReviewFiles} where ${labReviewFiles.reviewId} = ${labReviews.id})`,
  reviewerName: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${labReviews.reviewerId})`,
};

/** The console's queue: every review still open, soonest due first, then the latest sent. */
export async function reviewQueue(tx: Executor, deliveredLimit: number) {
  const base = () =>
    tx
      .select(queueColumns)
      .from(labReviews)
      .innerJoin(orders, eq(orders.id, labReviews.orderId))
      .innerJoin(users, eq(users.id, labReviews.userId));
  const [open, delivered] = await Promise.all([
    base().where(isNull(labReviews.deliveredAt)).orderBy(asc(labReviews.dueAt)),
    base().where(isNotNull(labReviews.deliveredAt)).orderBy(desc(labReviews.deliveredAt)).limit(deliveredLimit),
  ]);
  return { open, delivered };
}

export async function queuedReview(tx: Executor, reviewId: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select(queueColumns)
    .from(labReviews)
    .innerJoin(orders, eq(orders.id, labReviews.orderId))
    .innerJoin(users, eq(users.id, labReviews.userId))
    .where(eq(labReviews.id, reviewId));
  const [row] = await (options.lock ? query.for('update', { of: labReviews }) : query);
  return row;
}
