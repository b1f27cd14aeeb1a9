import { and, count, desc, eq } from 'drizzle-orm';
import { orders, payments, type Database } from '@shop/db';
import { AppError, notFound } from '../errors.ts';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentGateway, type PaymentOutcome } from '../payments/port.ts';
import { messages } from '@shop/core';
import { activateProgram } from './activate.ts';
import { settleCharge, type AttemptRow, type OrderRow } from '../billing/attempts.ts';

export interface ProgramChargeView {
  order: OrderRow;
  /** the charge waiting for the customer, or the one that went through */
  waiting: AttemptRow | null;
  paid: AttemptRow | null;
}

/** The Improvement Program charges of a customer's order: what waits for them, and what is paid. */
export async function viewProgramCharge(db: Database, orderId: string, userId: string): Promise<ProgramChargeView> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  const attempts = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'program')))
    .orderBy(desc(payments.createdAt));
  return {
    order,
    paid: attempts.find((attempt) => attempt.status === 'succeeded') ?? null,
    waiting: attempts.find((attempt) => attempt.status === 'requires_action' && attempt.failureCode === 'authentication_required') ?? null,
  };
}

export type ApprovalResult = { kind: 'paid'; attempt: AttemptRow } | { kind: 'requires_action'; clientSecret: string };

/**
 * The customer approves, on the page their e-mail links to, a program charge their bank would
 * not let go through without them: paid on-session with the card they choose (the saved one
 * asks the bank again), under the same exactly-once rules as the checkout.
 */
export async function approveProgramCharge(
  deps: { db: Database; gateway: PaymentGateway },
  input: { orderId: string; userId: string; paymentMethod: string | null },
): Promise<ApprovalResult> {
  const { db, gateway } = deps;
  const view = await viewProgramCharge(db, input.orderId, input.userId);
  if (view.paid) return { kind: 'paid', attempt: view.paid };
  if (!view.waiting) throw new AppError(409, 'NOTHING_TO_APPROVE', 'There is no charge waiting for your approval on this order.');

  // one approval at a time: the key changes only after an approval failed, so two at once share it
  const [{ value: failed } = { value: 0 }] = await db
    .select({ value: count() })
    .from(payments)
    .where(and(eq(payments.orderId, input.orderId), eq(payments.purpose, 'program'), eq(payments.status, 'failed')));
  const paymentMethod = input.paymentMethod ?? view.waiting.paymentMethod ?? '';
  const attemptKey = `program-approval:${view.waiting.id}:${failed}`;
  await db
    .insert(payments)
    .values({
      orderId: input.orderId,
      purpose: 'program',
      gateway: gateway.name,
      provider: gateway.name,
      attemptKey,
      paymentMethod,
      customerId: view.waiting.customerId,
      amountCents: view.waiting.amountCents,
      status: 'started',
    })
    .onConflictDoNothing();

  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.pay({
      amountCents: view.waiting.amountCents,
      currency: 'usd',
      paymentMethod,
      customerId: view.waiting.customerId,
      customerEmail: view.order.email,
      saveForLater: false,
      idempotencyKey: attemptKey,
      description: `Improvement Program, Base order ${view.order.number} (approved by the customer)`,
      metadata: { orderId: input.orderId, purpose: 'program' },
    });
  } catch (error) {
    if (error instanceof InvalidPaymentMethodError) throw new AppError(400, 'INVALID_PAYMENT_METHOD', error.message);
    if (error instanceof GatewayUnavailableError) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
    throw error;
  }
  return settleApproval(db, view.waiting, attemptKey, outcome);
}

/** After the bank's check on the approval page: look the payment up and settle it. */
export async function confirmProgramCharge(
  deps: { db: Database; gateway: PaymentGateway },
  orderId: string,
  userId: string,
): Promise<ApprovalResult> {
  const view = await viewProgramCharge(deps.db, orderId, userId);
  if (view.paid) return { kind: 'paid', attempt: view.paid };
  const [latest] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'program')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!view.waiting || !latest?.gatewayPaymentId || latest.id === view.waiting.id) {
    throw new AppError(409, 'NOTHING_TO_CONFIRM', 'There is no approval to confirm on this order.');
  }
  const outcome = await deps.gateway.retrieve(latest.gatewayPaymentId);
  return settleApproval(deps.db, view.waiting, latest.attemptKey, outcome);
}

async function settleApproval(db: Database, waiting: AttemptRow, attemptKey: string, outcome: PaymentOutcome): Promise<ApprovalResult> {
  const settled = await db.transaction(async (tx) => {
    const attempt = await settleCharge(tx, attemptKey, outcome);
    if (attempt.status === 'succeeded') {
      // the charge the bank held back is replaced by the one the customer approved
      await tx
        .update(payments)
        .set({ status: 'failed', failureCode: 'approved_separately', updatedAt: new Date() })
        .where(and(eq(payments.id, waiting.id), eq(payments.status, 'requires_action')));
      await activateProgram(tx, waiting.orderId, 'customer');
    }
    return attempt;
  });
  if (settled.status === 'succeeded') return { kind: 'paid', attempt: settled };
  if (outcome.status === 'requires_action' && outcome.clientSecret) return { kind: 'requires_action', clientSecret: outcome.clientSecret };
  if (outcome.status === 'declined') throw new AppError(402, 'CARD_DECLINED', messages.cardDeclined);
  throw new AppError(409, 'PAYMENT_PENDING', 'Your payment is still being processed. We will e-mail you as soon as it is through.');
}
