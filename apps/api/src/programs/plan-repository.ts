import { and, asc, desc, eq, exists, inArray, isNotNull, or } from 'drizzle-orm';
import { cartItems, orderEvents, orders, programRetests, quizResults, type Executor, type OrderRow } from '@shop/db';

/**
 * The states in which a member's Improvement Program runs: active from the charge, and still
 * running while its retests are under way.
 */
export const runningProgramStatuses = ['program_active', 'retests'] as const;

/**
 * The member's program to show: one that runs, or failing that one completed by its retests'
 * results (its comparison and plan stay readable), the latest of them.
 */
export async function findMemberProgramOrder(db: Executor, userId: string): Promise<OrderRow | undefined> {
  const completedByRetests = and(
    eq(orders.status, 'completed'),
    exists(db.select({ one: programRetests.sequence }).from(programRetests).where(eq(programRetests.programOrderId, orders.id))),
  );
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), or(inArray(orders.status, [...runningProgramStatuses]), completedByRetests)))
    // a running program before a completed one
    .orderBy(desc(inArray(orders.status, [...runningProgramStatuses])), desc(orders.createdAt))
    .limit(1);
  return order;
}

/** When the order's program became active, from its timeline. */
export async function programActivatedAt(db: Executor, orderId: string): Promise<Date | undefined> {
  const [step] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'program_active')))
    .orderBy(asc(orderEvents.createdAt))
    .limit(1);
  return step?.at;
}

/**
 * The goal and areas of the quiz the order's starter test came from; failing that (a gift, an
 * area test), the member's latest quiz.
 */
export async function quizOfOrder(db: Executor, order: OrderRow): Promise<{ goal: string; areas: string[] } | undefined> {
  const [fromCart] = await db
    .select({ goal: quizResults.goalSlug, areas: quizResults.areas })
    .from(cartItems)
    .innerJoin(quizResults, eq(quizResults.id, cartItems.quizResultId))
    .where(and(eq(cartItems.cartId, order.cartId), isNotNull(cartItems.quizResultId)))
    .limit(1);
  if (fromCart) return fromCart;
  const [latest] = await db
    .select({ goal: quizResults.goalSlug, areas: quizResults.areas })
    .from(quizResults)
    .where(eq(quizResults.userId, order.userId))
    .orderBy(desc(quizResults.createdAt))
    .limit(1);
  return latest;
}
