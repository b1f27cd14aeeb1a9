import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { messages } from '@shop/core';
import { orderItems, orders, payments, type Executor } from '@shop/db';
import { AppError, badRequest, notFound } from '../errors.ts';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentOutcome } from '../payments/port.ts';
import { settleAttempt, type AttemptRow, type CheckoutDeps, type OrderRow } from './attempts.ts';
import { refundSurplus } from './surplus.ts';

export type CheckoutResult =
  | { kind: 'paid'; order: OrderRow }
  /** the bank asks the customer to authenticate: the browser finishes it, then calls `confirmPayment` */
  | { kind: 'requires_action'; order: OrderRow; clientSecret: string };

/**
 * Whether the card paying this order is kept for charges without the customer: the program
 * billed when results arrive, or a test subscription's next deliveries.
 */
export async function savesCardFor(tx: Executor, order: Pick<OrderRow, 'id' | 'deferredCents'>): Promise<boolean> {
  if (order.deferredCents > 0) return true;
  const [recurring] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), isNotNull(orderItems.frequency)))
    .limit(1);
  return recurring !== undefined;
}

/**
 * Asks the gateway to take the attempt's money (again: the same key returns the first answer) and
 * settles it. `saveCard` (looked up from the order when not given) keeps the card for the charges
 * made later without the customer: the Improvement Program, a test subscription's deliveries.
 */
export async function runAttempt(
  deps: CheckoutDeps,
  order: OrderRow,
  attempt: AttemptRow,
  actor: string,
  saveCard?: boolean,
): Promise<CheckoutResult> {
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
      await db
        .update(payments)
        .set({ status: 'failed', failureCode: 'invalid_payment_method', updatedAt: new Date() })
        .where(eq(payments.id, attempt.id));
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
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  if (order.status !== 'pending_payment') return { kind: 'paid', order };
  const [attempt] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'checkout'), isNotNull(payments.gatewayPaymentId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!attempt?.gatewayPaymentId) throw new AppError(409, 'PAYMENT_NOT_STARTED', 'This order has no payment to confirm yet.');
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.retrieve(attempt.gatewayPaymentId);
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
