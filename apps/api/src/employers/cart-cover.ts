import { and, eq, inArray } from 'drizzle-orm';
import { employerCartCovers, employerEnrollments, type Database } from '@shop/db';
import { lockCart } from '../cart/repository.ts';
import { notFound } from '../errors.ts';

/**
 * The employee takes their employer's cover off their cart, to buy it at the normal price (the
 * cover would refuse the order: the prepaid bank is short, the cover is used, a cap is reached).
 * Only the signed-in employee's own open cart, and only its cover: the lines stay, the enrollment
 * stays (a covered test can be asked for again on the employer's page), nothing is claimed, drawn
 * or billed. Under the cart's lock, so a checkout of the same cart either placed the covered order
 * first (the cart is no longer open: 404) or sees no cover.
 */
export async function dropCartCover(db: Database, cartId: string | undefined, userId: string): Promise<void> {
  const none = () => notFound('CART_COVER_NOT_FOUND', 'Your cart has no employer cover to remove.');
  if (!cartId) throw none();
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, cartId);
    if (!cart || cart.status !== 'open' || cart.userId !== userId) throw none();
    const dropped = await tx
      .delete(employerCartCovers)
      .where(
        and(
          eq(employerCartCovers.cartId, cart.id),
          inArray(
            employerCartCovers.enrollmentId,
            tx.select({ id: employerEnrollments.id }).from(employerEnrollments).where(eq(employerEnrollments.userId, userId)),
          ),
        ),
      )
      .returning({ cartId: employerCartCovers.cartId });
    if (dropped.length === 0) throw none();
  });
}
