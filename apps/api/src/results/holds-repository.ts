import { and, asc, count, eq, max } from 'drizzle-orm';
import { collectionChoices, orders, resultHoldAttempts, resultHolds, users, type Executor } from '@shop/db';

export type HoldRow = typeof resultHolds.$inferSelect;
export type AttemptRow = typeof resultHoldAttempts.$inferSelect;

/** Holds the kit's results; undefined when the kit already had a hold (a replayed posting stores none). */
export async function insertHold(
  tx: Executor,
  values: { orderId: string; kitSlug: string; level: string; heldAt: Date },
): Promise<HoldRow | undefined> {
  const [row] = await tx
    .insert(resultHolds)
    .values(values)
    .onConflictDoNothing({ target: [resultHolds.orderId, resultHolds.kitSlug] })
    .returning();
  return row;
}

export async function hasOpenHold(db: Executor, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: resultHolds.id })
    .from(resultHolds)
    .where(and(eq(resultHolds.orderId, orderId), eq(resultHolds.status, 'open')))
    .limit(1);
  return row !== undefined;
}

export async function findHold(db: Executor, holdId: string): Promise<HoldRow | undefined> {
  const [row] = await db.select().from(resultHolds).where(eq(resultHolds.id, holdId));
  return row;
}

/** The hold, locked: attempts and releases of one hold take turns, and a second release sees the first. */
export async function lockHold(tx: Executor, holdId: string): Promise<HoldRow | undefined> {
  const [row] = await tx.select().from(resultHolds).where(eq(resultHolds.id, holdId)).for('update');
  return row;
}

export async function releaseHoldRow(
  tx: Executor,
  holdId: string,
  values: { releasedBy: string; releaseReason: string; noteKeyId: string; noteCiphertext: string; releasedAt: Date },
): Promise<boolean> {
  const released = await tx
    .update(resultHolds)
    .set({ ...values, status: 'released' })
    .where(and(eq(resultHolds.id, holdId), eq(resultHolds.status, 'open')))
    .returning({ id: resultHolds.id });
  return released.length > 0;
}

export async function insertAttempt(tx: Executor, values: typeof resultHoldAttempts.$inferInsert): Promise<AttemptRow> {
  const [row] = await tx.insert(resultHoldAttempts).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function findAttempt(db: Executor, attemptId: string): Promise<AttemptRow | undefined> {
  const [row] = await db.select().from(resultHoldAttempts).where(eq(resultHoldAttempts.id, attemptId));
  return row;
}

export async function listAttempts(db: Executor, holdId: string): Promise<AttemptRow[]> {
  return db.select().from(resultHoldAttempts).where(eq(resultHoldAttempts.holdId, holdId)).orderBy(asc(resultHoldAttempts.createdAt));
}

/** The open holds with their order, person and how many attempts so far: the clinician's queue. */
export async function listOpenHolds(db: Executor) {
  return db
    .select({
      hold: resultHolds,
      orderNumber: orders.number,
      email: orders.email,
      name: users.name,
      attempts: count(resultHoldAttempts.id),
      lastAttemptAt: max(resultHoldAttempts.createdAt),
    })
    .from(resultHolds)
    .innerJoin(orders, eq(orders.id, resultHolds.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(resultHoldAttempts, eq(resultHoldAttempts.holdId, resultHolds.id))
    .where(eq(resultHolds.status, 'open'))
    .groupBy(resultHolds.id, orders.id, users.id)
    .orderBy(asc(resultHolds.heldAt));
}

/** Who the held results belong to and how to reach them: the phone given for the kit's delivery, if any. */
export async function contactOfOrder(db: Executor, orderId: string) {
  const [row] = await db
    .select({ number: orders.number, email: orders.email, name: users.name, phone: collectionChoices.phone })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(collectionChoices, eq(collectionChoices.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}
