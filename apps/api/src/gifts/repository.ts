import { and, eq, inArray } from 'drizzle-orm';
import { giftProductCodes, type GiftDelivery } from '@shop/core';
import { cartGifts, gifts, orderItems, type Executor, type GiftContentsColumn, type GiftRow } from '@shop/db';

export type CartGiftRow = typeof cartGifts.$inferSelect;
export type { GiftRow };

const giftCodes = Object.values(giftProductCodes);

export async function findCartGift(db: Executor, cartId: string): Promise<CartGiftRow | undefined> {
  const [row] = await db.select().from(cartGifts).where(eq(cartGifts.cartId, cartId));
  return row;
}

/** What the gift holds, kept with the cart; the delivery form, if filled in already, stays. */
export async function saveCartGiftContents(tx: Executor, cartId: string, contents: GiftContentsColumn): Promise<CartGiftRow> {
  const [row] = await tx
    .insert(cartGifts)
    .values({ cartId, contents })
    .onConflictDoUpdate({ target: cartGifts.cartId, set: { contents, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function saveCartGiftDelivery(tx: Executor, cartId: string, delivery: GiftDelivery): Promise<CartGiftRow | undefined> {
  const [row] = await tx
    .update(cartGifts)
    .set({
      purchaserName: delivery.purchaserName,
      purchaserEmail: delivery.purchaserEmail,
      recipientName: delivery.recipientName,
      recipientEmail: delivery.recipientEmail,
      deliverOn: delivery.deliveryDate,
      message: delivery.message,
      updatedAt: new Date(),
    })
    .where(eq(cartGifts.cartId, cartId))
    .returning();
  return row;
}

/**
 * The gift of an order being paid for, as a `gifts` row: the type its gift line sold (the order's
 * lines are what was paid) and the details kept with its cart. Nothing for an order without a
 * gift; nothing new for an order that has its gift already (the unique order id).
 */
export async function insertGiftOfOrder(tx: Executor, order: { id: string; cartId: string; userId: string }): Promise<GiftRow | undefined> {
  const [source] = await tx
    .select({ gift: cartGifts, productCode: orderItems.productCode })
    .from(orderItems)
    .innerJoin(cartGifts, eq(cartGifts.cartId, order.cartId))
    .where(and(eq(orderItems.orderId, order.id), inArray(orderItems.productCode, giftCodes)))
    .limit(1);
  if (!source) return undefined;
  const { gift } = source;
  const type = source.productCode === giftProductCodes.improvement_program ? 'improvement_program' : 'one_off';
  if (!gift.purchaserName || !gift.purchaserEmail || !gift.recipientName || !gift.recipientEmail || !gift.deliverOn) {
    // placing the order checks the form; a cart that got here without it is a bug to hear about
    throw new Error(`the gift of order ${order.id} has no delivery details`);
  }
  const [row] = await tx
    .insert(gifts)
    .values({
      orderId: order.id,
      type,
      contents: gift.contents,
      purchaserUserId: order.userId,
      purchaserName: gift.purchaserName,
      purchaserEmail: gift.purchaserEmail,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      deliverOn: gift.deliverOn,
      message: gift.message || null,
    })
    .onConflictDoNothing({ target: gifts.orderId })
    .returning();
  return row;
}

/** Whether an order holds anything besides its gift (then the purchaser has tests of their own to collect). */
export async function findGift(db: Executor, giftId: string): Promise<GiftRow | undefined> {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, giftId));
  return row;
}

/** The gift's row, locked until the transaction ends: a delivery and a retry of it take turns. */
export async function lockGift(tx: Executor, giftId: string): Promise<GiftRow | undefined> {
  const [row] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update');
  return row;
}

/** Moves a scheduled gift on; answers nothing when it was not scheduled any more. */
export async function updateScheduledGift(
  tx: Executor,
  giftId: string,
  values: Partial<Pick<GiftRow, 'status' | 'codeHash' | 'deliveredAt'>>,
): Promise<GiftRow | undefined> {
  const [row] = await tx
    .update(gifts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(gifts.id, giftId), eq(gifts.status, 'scheduled')))
    .returning();
  return row;
}
