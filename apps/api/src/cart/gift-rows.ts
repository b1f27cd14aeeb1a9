import { eq } from 'drizzle-orm';
import { cartGifts, orders, type Executor } from '@shop/db';

// The gift a cart holds is the cart's: emptied with it, and frozen with it while it is being paid.

export async function deleteCartGift(tx: Executor, cartId: string): Promise<void> {
  await tx.delete(cartGifts).where(eq(cartGifts.cartId, cartId));
}

/**
 * A cart whose order was placed and waits for its payment (a bank's check, a retry): the gift it
 * pays for is read from the cart when the payment is recorded, so it must not change meanwhile.
 */
export async function giftIsBeingPaid(tx: Executor, cartId: string): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId)).limit(1);
  return row !== undefined;
}

export const giftBeingPaidMessage = 'This gift is being paid for, so it cannot be changed now. Please finish the payment first.';
