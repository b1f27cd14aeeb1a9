import { and, asc, eq, lt, ne, sql } from 'drizzle-orm';
import { clinicMembers, clinics, labRequestNonces, labResults, orderKits, orders, providerOrders, users, type Executor } from '@shop/db';
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

/** The clinic that placed an order, who ordered it and whether its results are the client's yet. */
export interface ClinicOrder {
  providerOrderId: string;
  clinicId: string;
  clinicName: string;
  /** the name of the member who ordered the tests; null once they are gone from the clinic */
  orderedBy: string | null;
  release: 'pending' | 'held' | 'released';
  note: string | null;
}

/** An order placed through a clinic (a paid pay link), or undefined for the shop's own orders. */
export async function clinicOrderOf(db: Executor, orderId: string): Promise<ClinicOrder | undefined> {
  const [row] = await db
    .select({
      providerOrderId: providerOrders.id,
      clinicId: providerOrders.clinicId,
      clinicName: clinics.name,
      orderedBy: users.name,
      release: providerOrders.resultsRelease,
      note: providerOrders.resultsNote,
    })
    .from(providerOrders)
    .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
    .leftJoin(clinicMembers, and(eq(clinicMembers.id, providerOrders.createdBy), eq(clinicMembers.clinicId, providerOrders.clinicId)))
    .leftJoin(users, eq(users.id, clinicMembers.userId))
    .where(eq(providerOrders.orderId, orderId));
  return row ? { ...row, release: row.release as ClinicOrder['release'] } : undefined;
}
