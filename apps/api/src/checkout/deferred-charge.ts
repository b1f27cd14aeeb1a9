import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { formatMoney } from '@shop/core';
import { orders, payments, type Database } from '@shop/db';
import type { EmailSender } from '../email/port.ts';
import { programChargeNeedsApprovalEmail } from '../email/templates.ts';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentGateway, type PaymentOutcome } from '../payments/port.ts';
import { settleAttempt, type OrderRow } from './attempts.ts';

export interface DeferredChargeDeps {
  db: Database;
  gateway: PaymentGateway;
  email: EmailSender;
  publicUrl: string;
}

export type DeferredChargeResult =
  | { status: 'succeeded'; paymentId: string }
  /** the bank wants the customer: an e-mail with a link to approve the charge was sent */
  | { status: 'needs_customer' }
  | { status: 'declined'; declineCode: string }
  /** no card was saved at checkout (or it cannot be charged): the customer must pay on the page */
  | { status: 'no_saved_card' }
  /** the gateway did not answer: try again later with the same key */
  | { status: 'unavailable' };

/**
 * Charges the card saved at checkout without the customer present: the Improvement Program when
 * the starter test's results arrive. The idempotency key is the attempt's key at the gateway and
 * in the database, so a retried, doubled or resumed job charges once. A bank that asks for the
 * customer turns the attempt into one awaiting them, and they get an e-mail with a link to approve.
 */
export async function chargeSavedCard(
  deps: DeferredChargeDeps,
  order: Pick<OrderRow, 'id'>,
  amountCents: number,
  idempotencyKey: string,
): Promise<DeferredChargeResult> {
  const { db, gateway } = deps;
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (!current) throw new Error(`no order ${order.id}`);
  const [saved] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'checkout'), eq(payments.status, 'succeeded'), isNotNull(payments.savedPaymentMethod)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!saved?.savedPaymentMethod || !saved.customerId) return { status: 'no_saved_card' };

  await db
    .insert(payments)
    .values({
      orderId: order.id,
      purpose: 'program',
      provider: gateway.name,
      attemptKey: idempotencyKey,
      paymentMethod: saved.savedPaymentMethod,
      customerId: saved.customerId,
      amountCents,
      status: 'started',
    })
    .onConflictDoNothing();
  const [attempt] = await db.select().from(payments).where(eq(payments.attemptKey, idempotencyKey));
  if (!attempt || attempt.orderId !== order.id) throw new Error(`the key ${idempotencyKey} belongs to another charge`);
  // the program is paid, here or by the customer's own approval: nothing more to charge
  const [paid] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program'), eq(payments.status, 'succeeded')));
  if (paid) return { status: 'succeeded', paymentId: paid.providerPaymentId ?? '' };
  if (attempt.status === 'requires_action') return { status: 'needs_customer' };
  // a key that was declined stays declined: a retry on a schedule comes with a key of its own
  if (attempt.status === 'failed') return { status: 'declined', declineCode: attempt.failureCode ?? 'card_declined' };

  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.chargeSaved({
      amountCents,
      currency: 'usd',
      customerId: saved.customerId,
      paymentMethod: saved.savedPaymentMethod,
      idempotencyKey,
      description: `Improvement Program, Base order ${current.number}`,
      metadata: { orderId: order.id, purpose: 'program' },
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return { status: 'unavailable' };
    if (error instanceof InvalidPaymentMethodError) return { status: 'no_saved_card' };
    throw error;
  }

  if (outcome.status === 'declined' && outcome.declineCode === 'authentication_required') {
    await db
      .update(payments)
      .set({ status: 'requires_action', providerPaymentId: outcome.id, failureCode: 'authentication_required', updatedAt: new Date() })
      .where(and(eq(payments.id, attempt.id), eq(payments.status, 'started')));
    const link = `${deps.publicUrl}/checkout-improvement-program?order=${encodeURIComponent(order.id)}`;
    await deps.email.send(programChargeNeedsApprovalEmail(current.email, formatMoney(amountCents), link));
    return { status: 'needs_customer' };
  }
  const settled = await db.transaction((tx) => settleAttempt(tx, idempotencyKey, outcome, 'program-billing'));
  if (settled.attempt.status === 'succeeded') return { status: 'succeeded', paymentId: settled.attempt.providerPaymentId ?? outcome.id };
  if (settled.attempt.status === 'failed') return { status: 'declined', declineCode: outcome.declineCode ?? 'card_declined' };
  return { status: 'unavailable' };
}
