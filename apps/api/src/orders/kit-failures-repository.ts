import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { kitFailures, orderKits, orders, type Executor } from '@shop/db';
import type { KitRow } from './lifecycle-repository.ts';

export type KitFailureRow = typeof kitFailures.$inferSelect;

/** The kit under the caller's order lock, locked as well. */
export async function lockKitOf(tx: Executor, orderId: string, kitSlug: string): Promise<KitRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderKits)
    .where(and(eq(orderKits.orderId, orderId), eq(orderKits.kitSlug, kitSlug)))
    .for('update');
  return row;
}

export async function insertKitFailure(tx: Executor, values: typeof kitFailures.$inferInsert): Promise<KitFailureRow> {
  const [row] = await tx.insert(kitFailures).values(values).returning();
  return row!;
}

/**
 * Starts a kit again at no charge: a new code (the old kit's code no longer ties a sample to the
 * member), its tracking, registration and sample forgotten, one more replacement counted. Guarded
 * by the kit's status, as every kit move is.
 */
export async function restartKit(
  tx: Executor,
  kit: KitRow,
  values: { status: string; code: string; cause: string },
): Promise<KitRow | undefined> {
  const [row] = await tx
    .update(orderKits)
    .set({
      status: values.status,
      code: values.code,
      lastFailure: values.cause,
      replacements: sql`${orderKits.replacements} + 1`,
      trackingNumber: null,
      shippedAt: null,
      registeredAt: null,
      sampleReceivedAt: null,
      sampleSentAt: null,
      updatedAt: new Date(),
    })
    .where(and(eq(orderKits.id, kit.id), eq(orderKits.status, kit.status)))
    .returning();
  return row;
}

export async function setKitStatus(tx: Executor, kit: KitRow, status: string, cause: string): Promise<KitRow | undefined> {
  const [row] = await tx
    .update(orderKits)
    .set({ status, lastFailure: cause, updatedAt: new Date() })
    .where(and(eq(orderKits.id, kit.id), eq(orderKits.status, kit.status)))
    .returning();
  return row;
}

export async function findKitFailure(db: Executor, id: string): Promise<KitFailureRow | undefined> {
  const [row] = await db.select().from(kitFailures).where(eq(kitFailures.id, id));
  return row;
}

/** An open clinician's task of the kit, if any: a lost kit is handed over once. */
export async function openTaskOfKit(db: Executor, kitId: string): Promise<KitFailureRow | undefined> {
  const [row] = await db
    .select()
    .from(kitFailures)
    .where(and(eq(kitFailures.kitId, kitId), eq(kitFailures.outcome, 'clinician'), isNull(kitFailures.resolvedAt)));
  return row;
}

/** Resolves a clinician's task once: false when someone resolved it first. */
export async function resolveKitFailure(tx: Executor, id: string, by: string, resolution: 'replacement' | 'refund'): Promise<boolean> {
  const done = await tx
    .update(kitFailures)
    .set({ resolvedAt: new Date(), resolvedBy: by, resolution })
    .where(and(eq(kitFailures.id, id), isNull(kitFailures.resolvedAt)))
    .returning({ id: kitFailures.id });
  return done.length > 0;
}

/** The clinicians' open tasks, oldest first, with the order and kit they are about. */
export async function listOpenKitTasks(db: Executor) {
  return db
    .select({
      id: kitFailures.id,
      orderId: kitFailures.orderId,
      orderNumber: orders.number,
      kitSlug: kitFailures.kitSlug,
      kitTitle: orderKits.title,
      kind: kitFailures.kind,
      cause: kitFailures.cause,
      note: kitFailures.note,
      createdAt: kitFailures.createdAt,
    })
    .from(kitFailures)
    .innerJoin(orders, eq(orders.id, kitFailures.orderId))
    .innerJoin(orderKits, eq(orderKits.id, kitFailures.kitId))
    .where(and(eq(kitFailures.outcome, 'clinician'), isNull(kitFailures.resolvedAt)))
    .orderBy(asc(kitFailures.createdAt))
    .limit(200);
}
