import { and, desc, eq, isNotNull, like } from 'drizzle-orm';
import { formatMoney } from '@shop/core';
import { orders, payments, type Database, type Executor } from '@shop/db';
import type { EmailMessage, EmailSender } from '../email/port.ts';
import { enqueueEmail } from '../email/queue.ts';
import { programChargeNeedsApprovalEmail } from '../email/templates.ts';
import {
  GatewayUnavailableError,
  InvalidPaymentMethodError,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentPurpose,
} from '../payments/port.ts';
import { settleCharge, type AttemptRow, type OrderRow } from './attempts.ts';

export interface DeferredChargeDeps {
  db: Database;
  gateway: PaymentGateway;
  email: EmailSender;
  publicUrl: string;
}

export type DeferredChargeResult =
  | { status: 'succeeded'; paymentId: string }
  /** the bank wants the customer: an e-mail with a link to approve the charge was sent (or is the caller's to send) */
  | { status: 'needs_customer' }
  | { status: 'declined'; declineCode: string }
  /** no card was saved at checkout (or it cannot be charged): the customer must pay on the page */
  | { status: 'no_saved_card' }
  /** the gateway did not answer: try again later with the same key */
  | { status: 'unavailable' }
  /** `mayStart` said no before anything was asked of the gateway: nothing was charged */
  | { status: 'stopped' };

/**
 * What a charge on the saved card is for. The Improvement Program's is the default; a test
 * subscription's delivery brings its own (subscriptions/deliver.ts).
 */
export interface SavedCardCharge {
  /** `payments.purpose`, and the gateway's metadata that webhooks read */
  purpose: PaymentPurpose;
  /** what the customer's statement and the gateway's dashboard say */
  description: (order: OrderRow) => string;
  /**
   * The payment that already paid for this, by any key (an earlier try, the customer's own
   * approval): when there is one, nothing more is charged and it is the answer.
   */
  paidAlready: (db: Executor, order: OrderRow) => Promise<AttemptRow | undefined>;
  /**
   * Asked, in the transaction that writes the attempt down, before a key's first charge: false
   * stops it (a cancelled subscription). A key already written goes on, since its money may be
   * taken already. It may lock rows: the attempt commits with them.
   */
  mayStart?: (tx: Executor) => Promise<boolean>;
  /**
   * The bank wants the customer: the e-mail with the link to approve, sent here. Left out, the
   * caller sends it (in the transaction that records the wait).
   */
  approvalEmail?: (order: OrderRow, amount: string, publicUrl: string) => EmailMessage;
}

/** The Improvement Program billed when the starter test's results arrive. */
export const programCharge: SavedCardCharge = {
  purpose: 'program',
  description: (order) => `Improvement Program, Base order ${order.number}`,
  paidAlready: async (db, order) => {
    const [paid] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program'), eq(payments.status, 'succeeded')));
    return paid;
  },
  approvalEmail: (order, amount, publicUrl) =>
    programChargeNeedsApprovalEmail(order.email, amount, `${publicUrl}/checkout-improvement-program?order=${encodeURIComponent(order.id)}`),
};

/** The succeeded payment among those whose key starts with `prefix` (the tries of one thing). */
export async function paidWithKeyPrefix(db: Executor, orderId: string, prefix: string): Promise<AttemptRow | undefined> {
  const [paid] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'succeeded'),
        like(payments.attemptKey, `${prefix.replace(/[\\%_]/g, '\\$&')}%`),
      ),
    );
  return paid;
}

/**
 * Charges the card saved at checkout without the customer present: the Improvement Program when
 * the starter test's results arrive, a test subscription's delivery on its date. The idempotency
 * key is the attempt's key at the gateway and in the database, so a retried, doubled or resumed
 * job charges once. A bank that asks for the customer turns the attempt into one awaiting them,
 * and they get an e-mail with a link to approve.
 */
export async function chargeSavedCard(
  deps: DeferredChargeDeps,
  order: Pick<OrderRow, 'id'>,
  amountCents: number,
  idempotencyKey: string,
  charge: SavedCardCharge = programCharge,
): Promise<DeferredChargeResult> {
  const { db, gateway } = deps;
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  if (!current) throw new Error(`no order ${order.id}`);
  // the card saved at checkout, or the one the customer paid with since and asked to keep (a
  // membership's card update): the latest of them
  const [saved] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded'), isNotNull(payments.savedPaymentMethod)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!saved?.savedPaymentMethod || !saved.customerId) return { status: 'no_saved_card' };

  const written = await db.transaction(async (tx) => {
    const [known] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.attemptKey, idempotencyKey));
    if (!known && charge.mayStart && !(await charge.mayStart(tx))) return false;
    await tx
      .insert(payments)
      .values({
        orderId: order.id,
        purpose: charge.purpose,
        gateway: gateway.name,
        provider: gateway.name,
        attemptKey: idempotencyKey,
        paymentMethod: saved.savedPaymentMethod,
        customerId: saved.customerId,
        amountCents,
        status: 'started',
      })
      .onConflictDoNothing();
    return true;
  });
  if (!written) return { status: 'stopped' };
  const [attempt] = await db.select().from(payments).where(eq(payments.attemptKey, idempotencyKey));
  if (!attempt || attempt.orderId !== order.id || attempt.purpose !== charge.purpose)
    throw new Error(`the key ${idempotencyKey} belongs to another charge`);
  // paid already, here or by the customer's own approval: nothing more to charge
  const paid = await charge.paidAlready(db, current);
  if (paid) return { status: 'succeeded', paymentId: paid.gatewayPaymentId ?? '' };
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
      description: charge.description(current),
      metadata: { orderId: order.id, purpose: charge.purpose },
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return { status: 'unavailable' };
    if (error instanceof InvalidPaymentMethodError) return { status: 'no_saved_card' };
    throw error;
  }

  if (outcome.status === 'declined' && outcome.declineCode === 'authentication_required') {
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({
          status: 'requires_action',
          gatewayPaymentId: outcome.id,
          providerPaymentId: outcome.id,
          failureCode: 'authentication_required',
          updatedAt: new Date(),
        })
        .where(and(eq(payments.id, attempt.id), eq(payments.status, 'started')));
      // queued with the change, once per charge: a retried job does not ask twice
      if (charge.approvalEmail)
        await enqueueEmail(
          tx,
          charge.approvalEmail(current, formatMoney(amountCents), deps.publicUrl),
          `charge-approval:${idempotencyKey}`,
        );
    });
    return { status: 'needs_customer' };
  }
  const settled = await db.transaction((tx) => settleCharge(tx, idempotencyKey, outcome));
  if (settled.status === 'succeeded') return { status: 'succeeded', paymentId: settled.gatewayPaymentId ?? outcome.id };
  if (settled.status === 'failed') return { status: 'declined', declineCode: outcome.declineCode ?? 'card_declined' };
  return { status: 'unavailable' };
}
