import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { collectionChoices, labLocations, orders, supportMessages, supportThreads, type Executor } from '@shop/db';

export type ThreadRow = typeof supportThreads.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

const LIST_LIMIT = 200;

export async function insertThread(db: Executor, values: typeof supportThreads.$inferInsert): Promise<ThreadRow> {
  const [row] = await db.insert(supportThreads).values(values).returning();
  return row!;
}

export async function insertMessage(db: Executor, values: typeof supportMessages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(supportMessages).values(values).returning();
  return row!;
}

/** A thread, locked for the reply or change that follows. */
export async function lockThread(db: Executor, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id)).for('update');
  return row;
}

export async function findThread(db: Executor, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(supportThreads).where(eq(supportThreads.id, id));
  return row;
}

/** A member's thread: another member's is not found, the same as one that does not exist. */
export async function findMemberThread(db: Executor, userId: string, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(supportThreads)
    .where(and(eq(supportThreads.id, id), eq(supportThreads.userId, userId)));
  return row;
}

export async function threadMessages(db: Executor, threadId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.threadId, threadId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

export async function updateThread(db: Executor, id: string, values: Partial<typeof supportThreads.$inferInsert>): Promise<ThreadRow> {
  const [row] = await db.update(supportThreads).set(values).where(eq(supportThreads.id, id)).returning();
  return row!;
}

export async function memberThreads(db: Executor, userId: string): Promise<ThreadRow[]> {
  return db
    .select()
    .from(supportThreads)
    .where(eq(supportThreads.userId, userId))
    .orderBy(desc(supportThreads.lastMessageAt))
    .limit(LIST_LIMIT);
}

/** The console's list of one status, the longest waiting first when support owes an answer. */
export async function threadsByStatus(db: Executor, status: string): Promise<Array<ThreadRow & { messageCount: number }>> {
  const rows = await db
    .select({
      thread: supportThreads,
      messageCount: sql<number>`(select count(*)::int from support_messages m where m.thread_id = ${supportThreads.id})`,
    })
    .from(supportThreads)
    .where(eq(supportThreads.status, status))
    .orderBy(status === 'open' ? asc(supportThreads.lastMessageAt) : desc(supportThreads.lastMessageAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({ ...row.thread, messageCount: Number(row.messageCount) }));
}

export async function countsByStatus(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: supportThreads.status, count: sql<number>`count(*)::int` })
    .from(supportThreads)
    .groupBy(supportThreads.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

/** The order a member may attach: their own, found by id; anyone else's is not there. */
export async function findOwnOrder(db: Executor, userId: string, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

export async function findOrderWithChoice(db: Executor, orderId: string) {
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, choice: collectionChoices })
    .from(orders)
    .leftJoin(collectionChoices, eq(collectionChoices.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row;
}

export async function lockOrder(db: Executor, orderId: string) {
  const [row] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function allLabs(db: Executor) {
  return db
    .select({
      id: labLocations.id,
      name: labLocations.name,
      city: labLocations.city,
      state: labLocations.state,
      zipCode: labLocations.zipCode,
    })
    .from(labLocations)
    .orderBy(asc(labLocations.state), asc(labLocations.city), asc(labLocations.name))
    .limit(500);
}

export async function replaceCollectionChoice(db: Executor, values: typeof collectionChoices.$inferInsert) {
  await db.delete(collectionChoices).where(eq(collectionChoices.orderId, values.orderId));
  await db.insert(collectionChoices).values(values);
}
