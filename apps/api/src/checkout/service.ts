import { and, eq } from 'drizzle-orm';
import { messages, priceCart, transition, type OrderEvent, type OrderStatus, type ProductCode } from '@shop/core';
import { orderEvents, orderItems, orders, payments, type Database, type Executor } from '@shop/db';
import { listCartItems, markCartCheckedOut, type CartRow } from '../cart/repository.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { InvalidPaymentMethodError, type PaymentGateway } from '../payments/port.ts';

type OrderRow = typeof orders.$inferSelect;

export interface PlaceOrderInput {
  user: { id: string; email: string };
  cart: CartRow;
  paymentMethod: string;
  /** the browser's key for this attempt; a double click or a retry sends the same one */
  idempotencyKey: string | undefined;
}

/**
 * Places the order of a cart and charges it, exactly once. The database holds the rule: one
 * order per cart (a unique key), and one charge per order and attempt key at the gateway. A
 * retry, a double click or a racing request ends at the same order.
 */
export async function placeOrder(db: Database, gateway: PaymentGateway, input: PlaceOrderInput): Promise<OrderRow> {
  const order = await openOrder(db, input);
  if (order.status !== 'pending_payment') return order;
  if (order.totalCents === 0) return recordPayment(db, order, null, input.user.id);

  let charge;
  try {
    charge = await gateway.charge({
      amountCents: order.totalCents,
      currency: 'usd',
      paymentMethod: input.paymentMethod,
      idempotencyKey: `order:${order.id}:${input.idempotencyKey ?? input.paymentMethod}`,
      description: `Base order ${order.number}`,
      customerEmail: order.email,
    });
  } catch (error) {
    if (error instanceof InvalidPaymentMethodError) throw badRequest('INVALID_PAYMENT_METHOD', error.message);
    throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
  }

  if (charge.status === 'succeeded') return recordPayment(db, order, { ...charge, provider: gateway.name }, input.user.id);

  await db
    .insert(payments)
    .values({
      orderId: order.id,
      provider: gateway.name,
      providerPaymentId: charge.id,
      amountCents: order.totalCents,
      status: charge.status === 'declined' ? 'failed' : 'requires_action',
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
      failureCode: charge.status === 'declined' ? charge.declineCode : 'authentication_required',
    })
    .onConflictDoNothing();
  if (charge.status === 'declined') throw new AppError(402, 'CARD_DECLINED', messages.cardDeclined);
  throw new AppError(
    402,
    'AUTHENTICATION_REQUIRED',
    'Your bank asks you to confirm this payment. Card authentication arrives with our payment provider; please use another card for now.',
  );
}

/** The cart's order, created on the first attempt (as pending payment) and found on every later one. */
async function openOrder(db: Database, input: PlaceOrderInput): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(orders).where(eq(orders.cartId, input.cart.id));
    if (existing) return assertOwner(existing, input.user.id);

    const items = await listCartItems(tx, input.cart.id);
    if (items.length === 0) throw conflict('CART_EMPTY', 'Your cart is empty.');
    const totals = priceCart(
      items.map((item) => ({ productCode: item.productCode as ProductCode, testId: item.testId, quantity: item.quantity })),
    );
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
      })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      // another request for the same cart won the race: answer with its order
      const [winner] = await tx.select().from(orders).where(eq(orders.cartId, input.cart.id));
      if (!winner) throw new Error('order vanished after a conflict');
      return assertOwner(winner, input.user.id);
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
    await tx.insert(orderEvents).values({
      orderId: created.id,
      event: 'order_placed',
      fromStatus: null,
      toStatus: 'pending_payment',
      actor: input.user.id,
    });
    return created;
  });
}

async function recordPayment(
  db: Database,
  order: OrderRow,
  charge: { provider: PaymentGateway['name']; id: string; cardBrand: string; cardLast4: string } | null,
  actor: string,
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    // the row lock makes a racing request wait here and then see the order already paid
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!current) throw new Error('order vanished');
    if (current.status !== 'pending_payment') return current;
    if (charge) {
      await tx
        .insert(payments)
        .values({
          orderId: order.id,
          provider: charge.provider,
          providerPaymentId: charge.id,
          amountCents: order.totalCents,
          status: 'succeeded',
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
        })
        .onConflictDoNothing();
    }
    let updated = await moveOrder(tx, current, { type: 'payment_succeeded' }, actor);
    updated = await moveOrder(tx, updated, { type: 'collection_requested' }, 'system');
    await markCartCheckedOut(tx, order.cartId);
    return updated;
  });
}

/**
 * Moves an order one step through the state machine, guarded by its current status so that two
 * racing writers cannot both move it, and records the step in its timeline.
 */
export async function moveOrder(
  tx: Executor,
  order: OrderRow,
  event: OrderEvent,
  actor: string,
  reason?: string,
): Promise<OrderRow> {
  const result = transition(order.status as OrderStatus, event);
  if (!result.ok) throw conflict('ORDER_STATE', result.reason);
  const [updated] = await tx
    .update(orders)
    .set({
      status: result.status,
      updatedAt: new Date(),
      ...(event.type === 'payment_succeeded' ? { paidAt: new Date() } : {}),
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) {
    // someone moved it first; what they did is the answer
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!current) throw new Error('order vanished');
    return current;
  }
  await tx.insert(orderEvents).values({
    orderId: order.id,
    event: event.type,
    fromStatus: order.status,
    toStatus: result.status,
    actor,
    reason: reason ?? null,
  });
  return updated;
}

function assertOwner(order: OrderRow, userId: string): OrderRow {
  if (order.userId !== userId) throw conflict('CART_TAKEN', 'This cart was already ordered from another account.');
  return order;
}
