import { eq } from 'drizzle-orm';
import { orderEvents, orderItems, orders, type Database, type Executor } from '@shop/db';
import { listCartItems, type CartRow } from '../cart/repository.ts';
import { toCartLine } from '../cart/view.ts';
import { AppError, conflict } from '../errors.ts';
import { recordRedemption } from '../promotions/repository.ts';
import { priceWithDiscounts, typedCodeRefusal } from '../promotions/service.ts';
import type { OrderRow } from './attempts.ts';

export interface OpenOrderInput {
  user: { id: string; email: string };
  cart: CartRow;
  /** the browser's key for this checkout; a double click or a retry sends the same one */
  idempotencyKey: string | undefined;
  /** the raw attribution cookie of the link the customer came through */
  attribution?: string | null;
}

/**
 * The cart's order: created on the first attempt (pending payment, priced from the catalog on
 * the server) and found on every later one. One order per cart and per idempotency key is held
 * by unique keys, so racing requests all end at the same row.
 */
export async function openOrder(db: Database, input: OpenOrderInput): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const existing = await findOrderOf(tx, input);
    if (existing) return existing;

    const items = await listCartItems(tx, input.cart.id);
    if (items.length === 0) throw conflict('CART_EMPTY', 'Your cart is empty.');
    // the coupon row stays locked until this transaction ends: its usage limit holds under races
    const priced = await priceWithDiscounts(tx, {
      lines: items.map(toCartLine),
      couponCode: input.cart.couponCode,
      attribution: input.attribution ?? null,
      customer: { id: input.user.id, email: input.user.email },
      lockCoupon: true,
    });
    const refusal = typedCodeRefusal(priced);
    if (refusal) throw new AppError(409, refusal.code, refusal.message);
    const totals = priced.totals;
    const [created] = await tx
      .insert(orders)
      .values({
        userId: input.user.id,
        cartId: input.cart.id,
        idempotencyKey: input.idempotencyKey ?? null,
        email: input.user.email,
        status: 'pending_payment',
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        taxCents: totals.taxCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        deferredCents: totals.deferredCents,
        appliedDiscounts: totals.applied ?? [],
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // another request for the same cart or key won the race: answer with its order
      const winner = await findOrderOf(tx, input);
      if (!winner) throw new Error('order vanished after a conflict');
      return winner;
    }
    await tx.insert(orderItems).values(
      totals.lines.map((line) => ({
        orderId: created.id,
        productCode: line.productCode,
        testId: line.testId,
        title: line.title,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        charge: line.charge,
      })),
    );
    if (priced.coupon) {
      const couponDiscount = (totals.applied ?? []).find((applied) => applied.source === 'coupon' || applied.source === 'giveaway');
      await recordRedemption(tx, { couponId: priced.coupon.id, orderId: created.id, userId: input.user.id, discountCents: couponDiscount?.discountCents ?? 0 });
    }
    await tx.insert(orderEvents).values({ orderId: created.id, event: 'order_placed', fromStatus: null, toStatus: 'pending_payment', actor: input.user.id });
    return created;
  });
}

async function findOrderOf(tx: Executor, input: OpenOrderInput): Promise<OrderRow | undefined> {
  const [byCart] = await tx.select().from(orders).where(eq(orders.cartId, input.cart.id));
  const byKey = !byCart && input.idempotencyKey ? (await tx.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey)))[0] : undefined;
  const found = byCart ?? byKey;
  if (found && found.userId !== input.user.id) throw conflict('CART_TAKEN', 'This cart was already ordered from another account.');
  return found;
}
