import { and, count, desc, eq, like } from 'drizzle-orm';
import { isMembership, messages } from '@shop/core';
import { payments, type Database } from '@shop/db';
import type { AttemptRow } from '../billing/attempts.ts';
import { settleCharge } from '../billing/attempts.ts';
import { paidWithKeyPrefix } from '../billing/saved-card.ts';
import { AppError, notFound } from '../errors.ts';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentGateway, type PaymentOutcome } from '../payments/port.ts';
import { deliveryKeyPrefix, recordDeliveryPaid } from './deliveries.ts';
import { findDeliveryById, lockSubscription, findDelivery } from './repository.ts';
import type { EventRecorder } from '../events/bus.ts';

export interface DeliveryChargeView {
  found: NonNullable<Awaited<ReturnType<typeof findDeliveryById>>>;
  /** the charge the bank held back (or, a membership's renewal, declined), waiting for the customer */
  waiting: AttemptRow | null;
  paid: AttemptRow | null;
  /** what the member is asked: approve the held-back charge, or pay with another card */
  reason: 'approve' | 'update_card';
}

interface ApprovalDeps {
  db: Database;
  gateway: PaymentGateway;
  events: EventRecorder;
  publicUrl: string;
}

/** A delivery of the member's subscription, with what waits for them and what is paid. */
export async function viewDeliveryCharge(db: Database, deliveryId: string, userId: string): Promise<DeliveryChargeView> {
  const found = /^[0-9a-f-]{36}$/i.test(deliveryId) ? await findDeliveryById(db, deliveryId) : undefined;
  if (!found || found.subscription.userId !== userId) throw notFound('DELIVERY_NOT_FOUND', 'We could not find this delivery.');
  const { delivery, subscription, order } = found;
  const paid = (await paidWithKeyPrefix(db, order.id, deliveryKeyPrefix(subscription.id, delivery.sequence))) ?? null;
  const [held] = delivery.paymentKey ? await db.select().from(payments).where(eq(payments.attemptKey, delivery.paymentKey)) : [];
  const open = subscription.status !== 'cancelled';
  const heldBack =
    delivery.status === 'needs_customer' && held?.status === 'requires_action' && held.failureCode === 'authentication_required';
  // a membership's declined renewal waits for the member too: their card-update link pays it
  const declined = delivery.status === 'declined' && held?.status === 'failed' && isMembership(subscription.productCode);
  const waiting = open && held && (heldBack || declined) ? held : null;
  return { found, waiting, paid, reason: declined ? 'update_card' : 'approve' };
}

/** The statuses in which the member may pay a delivery on the page their e-mail links to. */
function payableByMember(subscription: { productCode: string }, status: string | undefined): boolean {
  return status === 'needs_customer' || (status === 'declined' && isMembership(subscription.productCode));
}

export type DeliveryApprovalResult = { kind: 'paid'; attempt: AttemptRow } | { kind: 'requires_action'; clientSecret: string };

/**
 * The member approves, on the page their e-mail links to, a delivery their bank would not let go
 * through without them: paid on-session with the saved card (the bank asks again) or another one,
 * under the same exactly-once rules as the job. A membership's declined renewal is paid the same
 * way, and the card it is paid with is saved for the next renewals. A cancelled subscription has
 * nothing to approve.
 */
export async function approveDeliveryCharge(
  deps: ApprovalDeps,
  input: { deliveryId: string; userId: string; paymentMethod: string | null },
): Promise<DeliveryApprovalResult> {
  const { db, gateway } = deps;
  const view = await viewDeliveryCharge(db, input.deliveryId, input.userId);
  const { delivery, subscription, order } = view.found;
  if (view.paid) return settleApproval(deps, view, view.paid.attemptKey, null);
  const waiting = view.waiting;
  if (!waiting) throw new AppError(409, 'NOTHING_TO_APPROVE', 'There is no charge waiting for your approval on this delivery.');

  // one approval at a time: the key changes only after an approval failed, so two at once share it
  const prefix = `${deliveryKeyPrefix(subscription.id, delivery.sequence)}approval:`;
  const [{ value: failed } = { value: 0 }] = await db
    .select({ value: count() })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), like(payments.attemptKey, `${prefix}%`), eq(payments.status, 'failed')));
  const attemptKey = `${prefix}${failed}`;
  const paymentMethod = input.paymentMethod ?? waiting.paymentMethod ?? '';
  const started = await db.transaction(async (tx) => {
    // under the subscription's lock, like the job: a cancel that came first wins
    const locked = await lockSubscription(tx, subscription.id);
    const current = await findDelivery(tx, subscription.id, delivery.sequence);
    if (!locked || locked.status === 'cancelled' || !payableByMember(locked, current?.status)) return false;
    await tx
      .insert(payments)
      .values({
        orderId: order.id,
        purpose: 'subscription',
        gateway: gateway.name,
        provider: gateway.name,
        attemptKey,
        paymentMethod,
        customerId: waiting.customerId,
        amountCents: delivery.amountCents,
        status: 'started',
      })
      .onConflictDoNothing();
    return true;
  });
  if (!started) throw new AppError(409, 'NOTHING_TO_APPROVE', 'There is no charge waiting for your approval on this delivery.');

  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.pay({
      amountCents: delivery.amountCents,
      currency: 'usd',
      paymentMethod,
      customerId: waiting.customerId,
      customerEmail: order.email,
      // a membership's new card pays its next renewals too: that is what updating the card means
      saveForLater: isMembership(subscription.productCode),
      idempotencyKey: attemptKey,
      description: `${subscription.title}, delivery ${delivery.sequence} (Base order ${order.number}, approved by the customer)`,
      metadata: { orderId: order.id, purpose: 'subscription' },
    });
  } catch (error) {
    if (error instanceof InvalidPaymentMethodError) throw new AppError(400, 'INVALID_PAYMENT_METHOD', error.message);
    if (error instanceof GatewayUnavailableError) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
    throw error;
  }
  return settleApproval(deps, view, attemptKey, outcome);
}

/** After the bank's check on the approval page: look the payment up and finish it. */
export async function confirmDeliveryCharge(deps: ApprovalDeps, deliveryId: string, userId: string): Promise<DeliveryApprovalResult> {
  const view = await viewDeliveryCharge(deps.db, deliveryId, userId);
  if (view.paid) return settleApproval(deps, view, view.paid.attemptKey, null);
  const { delivery, subscription, order } = view.found;
  const [latest] = await deps.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.orderId, order.id), like(payments.attemptKey, `${deliveryKeyPrefix(subscription.id, delivery.sequence)}approval:%`)),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!view.waiting || !latest?.gatewayPaymentId)
    throw new AppError(409, 'NOTHING_TO_CONFIRM', 'There is no approval to confirm on this delivery.');
  let outcome: PaymentOutcome;
  try {
    outcome = await deps.gateway.retrieve(latest.gatewayPaymentId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
    throw error;
  }
  return settleApproval(deps, view, latest.attemptKey, outcome);
}

/** Writes what the gateway said and, when the money was taken, records the delivery as paid (once). */
async function settleApproval(
  deps: ApprovalDeps,
  view: DeliveryChargeView,
  attemptKey: string,
  outcome: PaymentOutcome | null,
): Promise<DeliveryApprovalResult> {
  const { delivery, subscription, order } = view.found;
  const attempt = await deps.db.transaction(async (tx) => {
    const settled = outcome ? await settleCharge(tx, attemptKey, outcome) : view.paid!;
    if (settled.status === 'succeeded') {
      // the charge the bank held back is replaced by the one the customer approved
      if (view.waiting && view.waiting.attemptKey !== settled.attemptKey) {
        await tx
          .update(payments)
          .set({ status: 'failed', failureCode: 'approved_separately', updatedAt: new Date() })
          .where(and(eq(payments.id, view.waiting.id), eq(payments.status, 'requires_action')));
      }
      await recordDeliveryPaid(tx, deps.events, {
        subscriptionId: subscription.id,
        sequence: delivery.sequence,
        order,
        publicUrl: deps.publicUrl,
      });
    }
    return settled;
  });
  if (attempt.status === 'succeeded') return { kind: 'paid', attempt };
  if (outcome?.status === 'requires_action' && outcome.clientSecret) return { kind: 'requires_action', clientSecret: outcome.clientSecret };
  if (outcome?.status === 'declined') throw new AppError(402, 'CARD_DECLINED', messages.cardDeclined);
  throw new AppError(409, 'PAYMENT_PENDING', 'Your payment is still being processed. We will e-mail you as soon as it is through.');
}
