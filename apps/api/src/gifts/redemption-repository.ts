import { and, eq } from 'drizzle-orm';
import { gifts, orders, type Executor, type GiftRow } from '@shop/db';

export type { GiftRow };

export async function findGiftByCodeHash(db: Executor, codeHash: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.codeHash, codeHash));
  return row;
}

/** The gift of a code, locked until the transaction ends: redemptions of one code take turns. */
export async function lockGiftByCodeHash(tx: Executor, codeHash: string): Promise<GiftRow | undefined> {
  const [row] = await tx.select().from(gifts).where(eq(gifts.codeHash, codeHash)).for('update');
  return row;
}

/**
 * Marks a delivered gift redeemed by an order. The update is conditional on the gift still being
 * delivered, so even without the lock a second redemption could not take it: false then.
 */
export async function markGiftRedeemed(tx: Executor, giftId: string, orderId: string, userId: string): Promise<boolean> {
  const now = new Date();
  const updated = await tx
    .update(gifts)
    .set({ status: 'redeemed', redeemedOrderId: orderId, redeemedByUserId: userId, redeemedAt: now, updatedAt: now })
    .where(and(eq(gifts.id, giftId), eq(gifts.status, 'delivered')))
    .returning({ id: gifts.id });
  return updated.length > 0;
}

/** The gift an order redeemed, if it is a redemption's order. */
export async function findOrderById(db: Executor, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findOrderByIdempotencyKey(db: Executor, key: string) {
  const [row] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row;
}
