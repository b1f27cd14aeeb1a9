import { and, asc, eq } from 'drizzle-orm';
import { labResults, orders, resultHolds, type Executor } from '@shop/db';
import type { OrderRow } from './repository.ts';

/** Every order of the member, whichever way it came (the shop, a retest, a subscription, a clinic, an employer), oldest first. */
export async function listOrdersOfMember(db: Executor, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
}

/** The sealed notes of the holds a clinician released on this order, in the order they were released. */
export async function releasedHoldNotes(db: Executor, orderId: string) {
  return db
    .select({ id: resultHolds.id, noteKeyId: resultHolds.noteKeyId, noteCiphertext: resultHolds.noteCiphertext })
    .from(resultHolds)
    .where(and(eq(resultHolds.orderId, orderId), eq(resultHolds.status, 'released')))
    .orderBy(asc(resultHolds.releasedAt));
}

/** The member's outside result sets (results from another lab, with no order), oldest collected first. */
export async function outsideResultSetsOf(db: Executor, userId: string) {
  return db
    .select()
    .from(labResults)
    .where(and(eq(labResults.origin, 'outside'), eq(labResults.userId, userId)))
    .orderBy(asc(labResults.collectedOn), asc(labResults.createdAt));
}
