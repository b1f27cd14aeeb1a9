import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { messages } from '@shop/core';
import { orders, payments } from '@shop/db';
import { AppError, badRequest, notFound } from '../errors.ts';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentOutcome } from '../payments/port.ts';
import { markOrderPaid } from '../orders/paid.ts';
import { customerOf, joinOrStartAttempt, settleAttempt, type AttemptRow, type CheckoutDeps, type OrderRow } from './attempts.ts';
import { openOrder, savesCardFor, type OpenOrderInput } from './open-order.ts';
import { refundSurplus } from './surplus.ts';

export interface PlaceOrderInput extends OpenOrderInput {
  paymentMethod: string;
}

export type CheckoutResult =
  | { kind: 'paid'; order: OrderRow }
  /** the bank asks the customer to authenticate: the browser finishes it, then calls `confirmPayment` */
  | { kind: 'requires_action'; order: OrderRow; clientSecret: string };

/**
 * Places the order of a cart and takes its payment, exactly once. One order per cart (a unique
 * key), one live payment attempt per order (joined under the order's lock), and one charge per
 * attempt at the gateway (its idempotency key). A double click, a retry after a timeout, a
 * webhook racing the browser's return: all end at the same order and the same charge.
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput): Promise<CheckoutResult> {
  const { db, gateway } = deps;
  const { order: opened, attempt: first, savesCard } = await openOrder(db, input, { gateway: gateway.name, paymentMethod: input.paymentMethod });
  if (first) return runAttempt(deps, opened, first, input.user.id, savesCard ?? undefined);
  if (opened.status !== 'pending_payment') return { kind: 'paid', order: opened };
  const keepCard = savesCard ?? (await savesCardFor(db, opened));
  if (opened.totalCents === 0 && !keepCard) return { kind: 'paid', order: await markPaidWithoutCharge(deps, opened, input.user.id) };

  // an order placed before (a retry, a double click, a new card after a decline)
  const customerId = await customerOf(db, input.user.id, gateway.name);
  const { order, attempt } = await db.transaction((tx) =>
    joinOrStartAttempt(tx, opened, { gateway: gateway.name, paymentMethod: input.paymentMethod, customerId }),
  );
  if (!attempt) return { kind: 'paid', order };
  return runAttempt(deps, order, attempt, input.user.id, keepCard);
}

/**
 * Asks the gateway to take the attempt's money (again: the same key returns the first answer) and
 * settles it. `saveCard` (looked up from the order when not given) keeps the card for the charges
 * made later without the customer: the Improvement Program, a test subscription's deliveries.
 */
export async function runAttempt(deps: CheckoutDeps, order: OrderRow, attempt: AttemptRow, actor: string, saveCard?: boolean): Promise<CheckoutResult> {
  const { db, gateway } = deps;
  const saveForLater = saveCard ?? (await savesCardFor(db, order));
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.pay({
      amountCents: attempt.amountCents,
      currency: 'usd',
      paymentMethod: attempt.paymentMethod ?? '',
      customerId: attempt.customerId,
      customerEmail: order.email,
      // the card is kept for the Improvement Program, charged when the results arrive, and for
      // a test subscription's next deliveries, charged on their dates
      saveForLater,
      idempotencyKey: attempt.attemptKey,
      description: `Base order ${order.number}`,
      metadata: { orderId: order.id, purpose: 'checkout' },
    });
  } catch (error) {
    if (error instanceof InvalidPaymentMethodError) {
      await db.update(payments).set({ status: 'failed', failureCode: 'invalid_payment_method', updatedAt: new Date() }).where(eq(payments.id, attempt.id));
      throw badRequest('INVALID_PAYMENT_METHOD', error.message);
    }
    // the attempt stays `started`: a retry joins it, and reconciliation asks the gateway later
    if (error instanceof GatewayUnavailableError) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
    throw error;
  }
  return finish(deps, attempt.attemptKey, outcome, actor);
}

/** After the customer authenticated with their bank: look the payment up and settle it. */
export async function confirmPayment(deps: CheckoutDeps, orderId: string, userId: string): Promise<CheckoutResult> {
  const { db, gateway } = deps;
  const [order] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  if (order.status !== 'pending_payment') return { kind: 'paid', order };
  const [attempt] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'checkout'), isNotNull(payments.providerPaymentId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!attempt?.providerPaymentId) throw new AppError(409, 'PAYMENT_NOT_STARTED', 'This order has no payment to confirm yet.');
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.retrieve(attempt.providerPaymentId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
    throw error;
  }
  return finish(deps, attempt.attemptKey, outcome, userId);
}

async function finish(deps: CheckoutDeps, attemptKey: string, outcome: PaymentOutcome, actor: string): Promise<CheckoutResult> {
  const settled = await deps.db.transaction((tx) => settleAttempt(tx, deps.events, attemptKey, outcome, actor));
  if (settled.surplus) await refundSurplus(deps.db, deps.gateway, settled.attempt);
  if (settled.order.status !== 'pending_payment') return { kind: 'paid', order: settled.order };
  switch (outcome.status) {
    case 'succeeded':
      // a setup-only attempt or a late report for an order paid some other way
      return { kind: 'paid', order: settled.order };
    case 'requires_action':
      return { kind: 'requires_action', order: settled.order, clientSecret: outcome.clientSecret ?? '' };
    case 'processing':
      throw new AppError(409, 'PAYMENT_PENDING', 'Your payment is still being processed. We will e-mail you as soon as it is through.');
    case 'declined':
      if (outcome.declineCode === 'payment_intent_authentication_failure') {
        throw new AppError(402, 'AUTHENTICATION_FAILED', 'Your bank could not confirm this payment. Please try again or use another card.');
      }
      throw new AppError(402, 'CARD_DECLINED', messages.cardDeclined);
  }
}

/** An order with nothing to pay now and nothing to charge later: paid without a gateway. */
async function markPaidWithoutCharge(deps: CheckoutDeps, order: OrderRow, actor: string): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!current || current.status !== 'pending_payment') return current ?? order;
    return markOrderPaid(tx, deps.events, current, actor);
  });
}
