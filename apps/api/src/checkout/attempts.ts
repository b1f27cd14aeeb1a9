import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { transition, type OrderStatus } from '@shop/core';
import { orderEvents, orders, paymentCustomers, payments, type Database, type Executor } from '@shop/db';
import { markCartCheckedOut } from '../cart/repository.ts';
import type { PaymentGateway, PaymentOutcome } from '../payments/port.ts';
import { moveOrder } from '../orders/moves.ts';
import { scheduleGiftOfOrder } from '../gifts/schedule.ts';
import { recordReferralReward } from '../promotions/referrals.ts';
import { startSubscriptions } from '../subscriptions/start.ts';

export type OrderRow = typeof orders.$inferSelect;
export type AttemptRow = typeof payments.$inferSelect;

/** An attempt that may still end in money taken: a new request joins it instead of starting another. */
const liveStatuses = ['started', 'processing', 'requires_action', 'succeeded'] as const;

/**
 * The checkout attempt of an order: the live one if there is one, else a new one with the card
 * the customer just gave. Runs under the order's row lock, so racing requests see one attempt
 * and the gateway sees one idempotency key.
 */
export async function joinOrStartAttempt(
  tx: Executor,
  order: OrderRow,
  input: { gateway: PaymentGateway['name']; paymentMethod: string; customerId: string | null },
): Promise<{ order: OrderRow; attempt: AttemptRow | null }> {
  const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
  if (!locked) throw new Error('order vanished');
  if (locked.status !== 'pending_payment') return { order: locked, attempt: null };

  const [live] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'checkout'), inArray(payments.status, [...liveStatuses])))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (live && !(live.status === 'requires_action' && live.paymentMethod !== input.paymentMethod)) return { order: locked, attempt: live };
  if (live) {
    // the customer left the bank's check and chose another card: this attempt is given up (should
    // the bank approve it after all, settling it finds the order paid and gives the money back)
    await tx.update(payments).set({ status: 'failed', failureCode: 'abandoned', updatedAt: new Date() }).where(eq(payments.id, live.id));
  }

  const [{ value: earlier } = { value: 0 }] = await tx
    .select({ value: count() })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'checkout')));
  const [attempt] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      purpose: 'checkout',
      provider: input.gateway,
      attemptKey: `checkout:${order.id}:${earlier + 1}`,
      paymentMethod: input.paymentMethod,
      customerId: input.customerId,
      amountCents: order.totalCents,
      status: 'started',
    })
    .returning();
  return { order: locked, attempt: attempt! };
}

export interface SettleResult {
  order: OrderRow;
  attempt: AttemptRow;
  /** money was taken for an order another attempt had already paid: it must go back */
  surplus: boolean;
  /** this settlement moved the order to paid (the receipt goes out once, from here) */
  newlyPaid: boolean;
}

/** What checkout needs from the running shop. */
export interface CheckoutDeps {
  db: Database;
  gateway: PaymentGateway;
  /** called once per order, after the transaction that paid it committed */
  onPaid?: (orderId: string) => void;
}

/**
 * Writes what the gateway said about an attempt and, when the money was taken, moves the order
 * to paid and on to the collection choice — once, whoever gets here first (the browser's
 * request, its return from authentication, a webhook or reconciliation). A success is final: a
 * late failure report does not undo it.
 */
export async function settleAttempt(tx: Executor, attemptKey: string, outcome: PaymentOutcome, actor: string): Promise<SettleResult> {
  // the attempt's order, locked, in one statement: the order's lock comes first, as everywhere
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, sql`(select ${payments.orderId} from ${payments} where ${eq(payments.attemptKey, attemptKey)})`))
    .for('update');
  if (!order) throw new Error(`no payment attempt ${attemptKey}, or its order vanished`);
  const [attempt] = await tx.select().from(payments).where(eq(payments.attemptKey, attemptKey)).for('update');
  if (!attempt) throw new Error('attempt vanished');

  const status = attempt.status === 'succeeded' ? 'succeeded' : statusOf(outcome);
  const [updated] = await tx
    .update(payments)
    .set({
      status,
      providerPaymentId: attempt.providerPaymentId ?? outcome.id,
      customerId: outcome.customerId ?? attempt.customerId,
      savedPaymentMethod: outcome.savedPaymentMethod ?? attempt.savedPaymentMethod,
      cardBrand: outcome.cardBrand ?? attempt.cardBrand,
      cardLast4: outcome.cardLast4 ?? attempt.cardLast4,
      failureCode: status === 'failed' ? outcome.declineCode : null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, attempt.id))
    .returning();

  if (updated!.customerId) {
    await tx
      .insert(paymentCustomers)
      .values({ userId: order.userId, provider: attempt.provider, customerId: updated!.customerId })
      .onConflictDoNothing();
  }
  if (status !== 'succeeded' || attempt.purpose !== 'checkout') return { order, attempt: updated!, surplus: false, newlyPaid: false };
  if (order.status !== 'pending_payment') {
    // paid already; this is the same attempt reported again, or a second one that must be refunded
    const surplus = attempt.status !== 'succeeded' && (order.status === 'cancelled' || (await otherSucceeded(tx, order.id, attempt.id)));
    return { order, attempt: updated!, surplus, newlyPaid: false };
  }
  const moved = await markOrderPaid(tx, order, actor);
  return { order: moved, attempt: updated!, surplus: false, newlyPaid: true };
}

async function otherSucceeded(tx: Executor, orderId: string, attemptId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'checkout'), eq(payments.status, 'succeeded')));
  return rows.some((row) => row.id !== attemptId);
}

function statusOf(outcome: PaymentOutcome): AttemptRow['status'] {
  switch (outcome.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'declined':
      return 'failed';
  }
}

/** The gateway customer of an account, when an earlier payment made one. */
export async function customerOf(tx: Executor, userId: string, provider: PaymentGateway['name']): Promise<string | null> {
  const [row] = await tx
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.customerId ?? null;
}

/**
 * What paying means for an order, in the transaction that records the payment: it moves to
 * paid and on to the collection choice, its cart is closed, a referral earns its reward, a gift
 * in it is made and its delivery queued, and its test subscriptions begin (with the job that
 * charges each one's next delivery). An order that holds only a gift stays paid: the recipient
 * chooses a home kit or a lab when they redeem it. The state machine's steps are written in one
 * guarded update and one insert of their events (the caller holds the order's lock, so the guard
 * only fails if someone moved it first).
 */
export async function markOrderPaid(tx: Executor, order: OrderRow, actor: string): Promise<OrderRow> {
  const gift = await scheduleGiftOfOrder(tx, order);
  const collects = !gift?.giftOnly;
  const paid = transition(order.status as OrderStatus, { type: 'payment_succeeded' });
  const collecting = paid.ok && collects ? transition(paid.status, { type: 'collection_requested' }) : paid;
  if (!paid.ok || !collecting.ok) return markOrderPaidStepByStep(tx, order, actor, collects);
  const now = new Date();
  const [moved] = await tx
    .update(orders)
    .set({ status: collecting.status, paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!moved) return markOrderPaidStepByStep(tx, order, actor, collects);
  await tx.insert(orderEvents).values([
    { orderId: order.id, event: 'payment_succeeded', fromStatus: order.status, toStatus: paid.status, actor, reason: null },
    ...(collects ? [{ orderId: order.id, event: 'collection_requested', fromStatus: paid.status, toStatus: collecting.status, actor: 'system', reason: null }] : []),
  ]);
  // the reward is judged on the order as it was paid, before it moved on to the collection choice
  await recordReferralReward(tx, { ...moved, status: paid.status });
  await markCartCheckedOut(tx, order.cartId);
  await startSubscriptions(tx, moved);
  return moved;
}

/** The same, one state-machine step at a time: for an order someone else is moving. */
async function markOrderPaidStepByStep(tx: Executor, order: OrderRow, actor: string, collects: boolean): Promise<OrderRow> {
  let moved = await moveOrder(tx, order, { type: 'payment_succeeded' }, actor);
  await recordReferralReward(tx, moved);
  if (collects) moved = await moveOrder(tx, moved, { type: 'collection_requested' }, 'system');
  await markCartCheckedOut(tx, order.cartId);
  await startSubscriptions(tx, moved);
  return moved;
}
