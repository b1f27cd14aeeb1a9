import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderEvents, orderKits, orderItems, orders, payments, type Executor } from '@shop/db';
import type { OrderRow } from './repository.ts';
export type { OrderRow };

export type KitRow = typeof orderKits.$inferSelect;

export async function lockOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function listKits(db: Executor, orderId: string): Promise<KitRow[]> {
  return db.select().from(orderKits).where(eq(orderKits.orderId, orderId)).orderBy(asc(orderKits.createdAt), asc(orderKits.kitSlug));
}

export async function findKit(db: Executor, orderId: string, kitSlug: string): Promise<KitRow | undefined> {
  const [row] = await db
    .select()
    .from(orderKits)
    .where(and(eq(orderKits.orderId, orderId), eq(orderKits.kitSlug, kitSlug)));
  return row;
}

export async function findKitByCode(db: Executor, orderId: string, code: string): Promise<KitRow | undefined> {
  const [row] = await db
    .select()
    .from(orderKits)
    .where(and(eq(orderKits.orderId, orderId), eq(orderKits.code, code)));
  return row;
}

/** Moves a kit, guarded by its status so that two racing writers cannot both move it. */
export async function updateKit(tx: Executor, kit: KitRow, values: Partial<typeof orderKits.$inferInsert>): Promise<KitRow | undefined> {
  const [row] = await tx
    .update(orderKits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(orderKits.id, kit.id), eq(orderKits.status, kit.status)))
    .returning();
  return row;
}

export async function insertKits(tx: Executor, rows: Array<typeof orderKits.$inferInsert>): Promise<void> {
  if (rows.length > 0) await tx.insert(orderKits).values(rows);
}

export async function orderItemsOf(db: Executor, orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
}

/** The payments that paid the order: its checkout, or the clinic's card for an order the clinic pays (billing's `orderPayingPurposes`). */
export async function checkoutPayments(db: Executor, orderId: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.purpose, ['checkout', 'clinic_card']), eq(payments.status, 'succeeded')));
}

/** A step of a kit in the order's timeline: the order keeps its status, the reason says what happened. */
export async function recordKitStep(tx: Executor, order: OrderRow, event: string, actor: string, reason: string): Promise<void> {
  await tx.insert(orderEvents).values({ orderId: order.id, event, fromStatus: order.status, toStatus: order.status, actor, reason });
}
