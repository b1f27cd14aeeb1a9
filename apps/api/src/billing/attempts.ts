import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { orders, paymentCustomers, payments, preparedQuery, valueLater, type Database, type Executor } from '@shop/db';
import type { EventRecorder } from '../events/bus.ts';
import type { PaymentGateway, PaymentOutcome } from '../payments/port.ts';
import { markOrderPaid } from '../orders/paid.ts';
import type { OrderRow } from '../orders/repository.ts';

export type { OrderRow };
export type AttemptRow = typeof payments.$inferSelect;

/**
 * The purposes whose money pays the order itself: the customer's card at checkout, or a clinic's
 * saved card for an order the clinic pays (docs/decisions/0047-clinic-pays.md). One of them, once.
 */
export const orderPayingPurposes = ['checkout', 'clinic_card'] as const satisfies readonly AttemptRow['purpose'][];
export const paysOrder = (purpose: string) => (orderPayingPurposes as readonly string[]).includes(purpose);

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
  input: {
    gateway: PaymentGateway['name'];
    paymentMethod: string;
    customerId: string | null;
    /** `clinic_card`: the clinic's saved card, charged without anyone present; `checkout` by default */
    purpose?: (typeof orderPayingPurposes)[number];
  },
): Promise<{ order: OrderRow; attempt: AttemptRow | null }> {
  const purpose = input.purpose ?? 'checkout';
  const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
  if (!locked) throw new Error('order vanished');
  if (locked.status !== 'pending_payment') return { order: locked, attempt: null };

  const [live] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), inArray(payments.purpose, [...orderPayingPurposes]), inArray(payments.status, [...liveStatuses])),
    )
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
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, purpose)));
  const [attempt] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      purpose,
      gateway: input.gateway,
      provider: input.gateway,
      attemptKey: `${purpose === 'checkout' ? 'checkout' : 'clinic'}:${order.id}:${earlier + 1}`,
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
  /** records what happened (an order paid) for its consumers: the gift, the receipt… */
  events: EventRecorder;
}

/**
 * Writes what the gateway said about a checkout attempt and, when the money was taken, moves the
 * order to paid and on to the collection choice — once, whoever gets here first (the browser's
 * request, its return from authentication, a webhook or reconciliation). A success is final: a
 * late failure report does not undo it.
 */
export async function settleAttempt(
  tx: Executor,
  events: EventRecorder,
  attemptKey: string,
  outcome: PaymentOutcome,
  actor: string,
): Promise<SettleResult> {
  const { order, before, attempt } = await writeOutcome(tx, attemptKey, outcome);
  if (attempt.status !== 'succeeded' || !paysOrder(attempt.purpose)) return { order, attempt, surplus: false, newlyPaid: false };
  if (order.status !== 'pending_payment') {
    // paid already; this is the same attempt reported again, or a second one that must be refunded
    const surplus = before.status !== 'succeeded' && (order.status === 'cancelled' || (await otherSucceeded(tx, order.id, attempt.id)));
    return { order, attempt, surplus, newlyPaid: false };
  }
  const moved = await markOrderPaid(tx, events, order, actor, attempt.purpose === 'clinic_card' ? 'clinic' : 'checkout');
  return { order: moved, attempt, surplus: false, newlyPaid: true };
}

/**
 * Writes what the gateway said about a charge on a saved card (the program, a subscription's
 * delivery): the charge is the whole of it, no order moves.
 */
export async function settleCharge(tx: Executor, attemptKey: string, outcome: PaymentOutcome): Promise<AttemptRow> {
  const { before, attempt } = await writeOutcome(tx, attemptKey, outcome);
  if (paysOrder(before.purpose)) throw new Error(`${attemptKey} pays its order: settle it with settleAttempt`);
  return attempt;
}

async function writeOutcome(
  tx: Executor,
  attemptKey: string,
  outcome: PaymentOutcome,
): Promise<{ order: OrderRow; before: Pick<AttemptRow, 'status' | 'purpose'>; attempt: AttemptRow }> {
  // the attempt's order, locked, in one statement: the order's lock comes first, as everywhere
  const [order] = await lockOrderOfAttempt(tx, { attemptKey });
  if (!order) throw new Error(`no payment attempt ${attemptKey}, or its order vanished`);

  // then the attempt: locked, read as it was and written in one statement
  const reported = statusOf(outcome);
  const [row] = await writeAttempt(tx, {
    attemptKey,
    reported,
    gatewayPaymentId: outcome.id,
    customerId: outcome.customerId ?? null,
    savedPaymentMethod: outcome.savedPaymentMethod ?? null,
    cardBrand: outcome.cardBrand ?? null,
    cardLast4: outcome.cardLast4 ?? null,
    cardFingerprint: outcome.cardFingerprint ?? null,
    failureCode: reported === 'failed' ? (outcome.declineCode ?? null) : null,
    now: new Date(),
  });
  if (!row) throw new Error('attempt vanished');
  const { beforeStatus, beforePurpose, beforeGateway, ...attempt } = row;

  if (attempt.customerId) {
    await tx
      .insert(paymentCustomers)
      .values({ userId: order.userId, gateway: beforeGateway, provider: beforeGateway, customerId: attempt.customerId })
      .onConflictDoNothing();
  }
  return { order, before: { status: beforeStatus, purpose: beforePurpose }, attempt };
}

/** The order of an attempt, locked: the first statement of every settlement, built once. */
const lockOrderOfAttempt = preparedQuery((tx) =>
  tx
    .select()
    .from(orders)
    .where(
      eq(orders.id, sql`(select ${payments.orderId} from ${payments} where ${payments.attemptKey} = ${sql.placeholder('attemptKey')})`),
    )
    .for('update')
    .prepare('lock_order_of_attempt'),
);

/**
 * The attempt, locked, read as it was and written in one statement, built once. A success is
 * final: a later report keeps it (and the ids, the card and the customer it brought).
 */
const writeAttempt = preparedQuery((tx) => {
  const before = tx
    .select({
      id: payments.id,
      status: payments.status,
      purpose: payments.purpose,
      gateway: payments.gateway,
      gatewayPaymentId: payments.gatewayPaymentId,
      customerId: payments.customerId,
      savedPaymentMethod: payments.savedPaymentMethod,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
      cardFingerprint: payments.cardFingerprint,
    })
    .from(payments)
    .where(eq(payments.attemptKey, sql.placeholder('attemptKey')))
    .for('update')
    .as('before');
  const kept = sql`${before.status} = 'succeeded'`;
  const given = (name: string) => sql`${sql.placeholder(name)}`;
  return tx
    .update(payments)
    .set({
      status: sql`case when ${kept} then 'succeeded' else ${given('reported')} end`,
      gatewayPaymentId: sql`coalesce(${before.gatewayPaymentId}, ${given('gatewayPaymentId')})`,
      providerPaymentId: sql`coalesce(${before.gatewayPaymentId}, ${given('gatewayPaymentId')})`,
      customerId: sql`coalesce(${given('customerId')}, ${before.customerId})`,
      savedPaymentMethod: sql`coalesce(${given('savedPaymentMethod')}, ${before.savedPaymentMethod})`,
      cardBrand: sql`coalesce(${given('cardBrand')}, ${before.cardBrand})`,
      cardLast4: sql`coalesce(${given('cardLast4')}, ${before.cardLast4})`,
      cardFingerprint: sql`coalesce(${given('cardFingerprint')}, ${before.cardFingerprint})`,
      failureCode: sql`case when ${kept} then null else ${given('failureCode')} end`,
      updatedAt: valueLater<Date>('now'),
    })
    .from(before)
    .where(eq(payments.id, before.id))
    .returning({
      ...getTableColumns(payments),
      beforeStatus: sql<string>`${before.status}`,
      beforePurpose: sql<AttemptRow['purpose']>`${before.purpose}`,
      beforeGateway: sql<string>`${before.gateway}`,
    })
    .prepare('write_attempt');
});

async function otherSucceeded(tx: Executor, orderId: string, attemptId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.purpose, [...orderPayingPurposes]), eq(payments.status, 'succeeded')));
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
export async function customerOf(tx: Executor, userId: string, gateway: PaymentGateway['name']): Promise<string | null> {
  const [row] = await tx
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.gateway, gateway)));
  return row?.customerId ?? null;
}
