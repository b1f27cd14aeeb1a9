import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatGiftCode, getProduct, giftProductCodes, normalizeGiftCode, type GiftContents, type GiftType } from '@shop/core';
import { carts, gifts, orderItems, orders, users, type Database } from '@shop/db';
import { hashGiftCode, mintGiftCode } from '../src/gifts/code.ts';

export interface DeliveredGiftInput {
  type?: GiftType;
  contents?: GiftContents;
  purchaserName?: string;
  purchaserEmail?: string;
  recipientName?: string;
  recipientEmail?: string;
  message?: string | null;
  /** a known code (any spelling); a random one when left out */
  code?: string;
}

export interface DeliveredGift {
  giftId: string;
  purchaseOrderId: string;
  /** the canonical 16 symbols */
  code: string;
  /** XXXX-XXXX-XXXX-XXXX, as the e-mail shows it */
  shownCode: string;
}

/**
 * A gift as the purchase and delivery leave it: the purchaser's paid order and the gift row,
 * delivered, with the hash of a code the caller knows. For tests (and the test-only seeding
 * route of the browser tests): the real purchase and delivery are their own flow.
 */
export async function createDeliveredGift(db: Database, input: DeliveredGiftInput = {}): Promise<DeliveredGift> {
  const type = input.type ?? 'one_off';
  const contents = input.contents ?? { kind: 'areas', areas: ['stress', 'sleep'] };
  const code = input.code ? normalizeGiftCode(input.code) : mintGiftCode();
  if (!code) throw new Error(`not a gift code: ${input.code}`);
  const purchaserEmail = input.purchaserEmail ?? `giver.${randomUUID().slice(0, 8)}@example.com`;
  const purchaserName = input.purchaserName ?? 'Dana Wu';
  const product = getProduct(giftProductCodes[type]);
  return db.transaction(async (tx) => {
    const [known] = await tx.select({ id: users.id }).from(users).where(eq(users.email, purchaserEmail));
    const purchaserId = known?.id ?? randomUUID();
    if (!known) await tx.insert(users).values({ id: purchaserId, name: purchaserName, email: purchaserEmail });
    const [cart] = await tx.insert(carts).values({ userId: purchaserId, status: 'checked_out' }).returning();
    const now = new Date();
    const [order] = await tx
      .insert(orders)
      .values({
        userId: purchaserId,
        cartId: cart!.id,
        email: purchaserEmail,
        status: 'paid',
        subtotalCents: product.priceCents,
        discountCents: 0,
        taxCents: 0,
        shippingCents: 0,
        totalCents: product.priceCents,
        paidAt: now,
      })
      .returning();
    await tx.insert(orderItems).values({
      orderId: order!.id,
      productCode: product.code,
      title: product.title,
      unitPriceCents: product.priceCents,
      quantity: 1,
      charge: 'now',
    });
    const [gift] = await tx
      .insert(gifts)
      .values({
        orderId: order!.id,
        type,
        contents,
        purchaserUserId: purchaserId,
        purchaserName,
        purchaserEmail,
        recipientName: input.recipientName ?? 'Sam Lee',
        recipientEmail: input.recipientEmail ?? `sam.${randomUUID().slice(0, 8)}@example.com`,
        deliverOn: now.toISOString().slice(0, 10),
        message: input.message === undefined ? 'Happy birthday, take care of yourself!' : input.message,
        status: 'delivered',
        codeHash: hashGiftCode(code),
        deliveredAt: now,
      })
      .returning();
    return { giftId: gift!.id, purchaseOrderId: order!.id, code, shownCode: formatGiftCode(code) };
  });
}
