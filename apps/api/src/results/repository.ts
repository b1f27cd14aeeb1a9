import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { labRequestNonces, labResults, orderKits, orders, type Executor } from '@shop/db';
import type { OrderRow } from '../orders/repository.ts';
export type { OrderRow };

export type KitRow = typeof orderKits.$inferSelect;
export type LabResultRow = typeof labResults.$inferSelect;

/** The order, locked for the rest of the transaction: postings for its kits take turns. */
export async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findOrderIdByNumber(db: Executor, number: number): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return row?.id;
}

export async function findOrderById(db: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function lockKit(tx: Executor, orderId: string, kitSlug: string): Promise<KitRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderKits)
    .where(and(eq(orderKits.orderId, orderId), eq(orderKits.kitSlug, kitSlug)))
    .for('update');
  return row;
}

/** Writes a kit's sealed results; false when the kit already has some. */
export async function insertLabResult(tx: Executor, values: typeof labResults.$inferInsert): Promise<boolean> {
  const inserted = await tx
    .insert(labResults)
    .values(values)
    .onConflictDoNothing({ target: [labResults.orderId, labResults.kitSlug] })
    .returning({ id: labResults.id });
  return inserted.length > 0;
}

export async function markKitResultsReady(tx: Executor, kitId: string, at: Date): Promise<void> {
  await tx.update(orderKits).set({ status: 'results_ready', resultsAt: at, updatedAt: at }).where(eq(orderKits.id, kitId));
}

export async function countKitsWithoutResults(tx: Executor, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orderKits)
    .where(and(eq(orderKits.orderId, orderId), ne(orderKits.status, 'results_ready')));
  return Number(row?.n ?? 0);
}

/** Remembers a signed request; false when it was seen before (a replay). */
export async function rememberNonce(tx: Executor, nonce: string): Promise<boolean> {
  const inserted = await tx.insert(labRequestNonces).values({ nonce }).onConflictDoNothing().returning({ nonce: labRequestNonces.nonce });
  return inserted.length > 0;
}

/** Forgets the signed requests first seen before `before`; answers how many. */
export async function forgetNoncesBefore(db: Executor, before: Date): Promise<number> {
  const forgotten = await db
    .delete(labRequestNonces)
    .where(lt(labRequestNonces.createdAt, sql`${before.toISOString()}::timestamptz`))
    .returning({ nonce: labRequestNonces.nonce });
  return forgotten.length;
}

export async function listKits(db: Executor, orderId: string): Promise<KitRow[]> {
  return db.select().from(orderKits).where(eq(orderKits.orderId, orderId)).orderBy(asc(orderKits.createdAt), asc(orderKits.kitSlug));
}

export async function listLabResults(db: Executor, orderId: string): Promise<LabResultRow[]> {
  return db.select().from(labResults).where(eq(labResults.orderId, orderId));
}
