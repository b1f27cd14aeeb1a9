import { deliveryDay, isMembership, type DeliveryFrequency } from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { paidWithKeyPrefix, type SavedCardCharge } from '../billing/saved-card.ts';
import { membershipApprovalEmail, membershipRenewalReceiptEmail } from '../email/membership-templates.ts';
import type { EmailMessage } from '../email/port.ts';
import { subscriptionApprovalEmail, subscriptionDeliveryReceiptEmail } from '../email/subscription-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import {
  findDelivery,
  insertDelivery,
  lockSubscription,
  updateDelivery,
  updateSubscription,
  type DeliveryRow,
  type SubscriptionRow,
} from './repository.ts';
import { scheduleDelivery, startDayOf } from './start.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { OrderRow } from '../orders/repository.ts';

/** Every key that pays delivery `sequence` starts so: its tries and the customer's own approvals. */
export const deliveryKeyPrefix = (subscriptionId: string, sequence: number) => `subscription:${subscriptionId}:${sequence}:`;
/** The gateway key of the n-th try to charge a delivery: a retry of the same try reuses it. */
export const deliveryChargeKey = (subscriptionId: string, sequence: number, attempt: number) =>
  `${deliveryKeyPrefix(subscriptionId, sequence)}${attempt}`;

/** The states in which a delivery may still be charged (by the job, or the customer's approval). */
export const chargeableStatuses: ReadonlySet<string> = new Set(['scheduled', 'declined', 'needs_customer']);

const frequencyOf = (subscription: SubscriptionRow) => subscription.frequency as DeliveryFrequency;

/** The day of a subscription's delivery `sequence`, from the day its order was paid. */
export function dueDayOf(subscription: SubscriptionRow, order: Pick<OrderRow, 'paidAt' | 'createdAt'>, sequence: number): string {
  return deliveryDay(startDayOf(order), frequencyOf(subscription), sequence);
}

/**
 * The row of delivery `sequence`, created once (unique per subscription and sequence) under the
 * subscription's lock: only for the delivery the subscription waits for, never for a cancelled one.
 */
export async function openDelivery(
  db: Database,
  subscriptionId: string,
  sequence: number,
  dueOn: string,
): Promise<DeliveryRow | undefined> {
  return db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription || subscription.status === 'cancelled') return undefined;
    const existing = await findDelivery(tx, subscriptionId, sequence);
    if (existing) return existing;
    // a job for another day than the one the subscription waits for (a stale or stray one) opens nothing
    if (subscription.status !== 'active' || subscription.nextDeliveryOn !== dueOn) return undefined;
    return (
      (await insertDelivery(tx, { subscriptionId, sequence, dueOn, amountCents: subscription.priceCents })) ??
      findDelivery(tx, subscriptionId, sequence)
    );
  });
}

/** What a delivery's charge on the saved card is, for `chargeSavedCard`. */
export function deliveryCharge(subscription: SubscriptionRow, delivery: DeliveryRow): SavedCardCharge {
  return {
    purpose: 'subscription',
    description: (order) => `${subscription.title}, delivery ${delivery.sequence} (Base order ${order.number})`,
    paidAlready: (db, order) => paidWithKeyPrefix(db, order.id, deliveryKeyPrefix(subscription.id, delivery.sequence)),
    // a cancelled subscription starts no charge; a delivery no longer waiting for one neither
    mayStart: async (tx) => {
      const locked = await lockSubscription(tx, subscription.id);
      const current = await findDelivery(tx, subscription.id, delivery.sequence);
      return locked?.status !== 'cancelled' && current !== undefined && chargeableStatuses.has(current.status);
    },
  };
}

export interface PaidDelivery {
  subscription: SubscriptionRow;
  delivery: DeliveryRow;
  /** the next delivery's day, when this payment scheduled it */
  nextDeliveryOn: string | null;
}

/**
 * A delivery's money was taken: it is charged (to ship), its receipt is queued, and the
 * subscription moves on to its next delivery with the job that charges it, all in the caller's
 * transaction and once (the delivery's row lock, after the subscription's). A delivery whose
 * charge had started before a cancel is still recorded: its money was taken, so it ships.
 */
export async function recordDeliveryPaid(
  tx: Executor,
  events: EventRecorder,
  input: { subscriptionId: string; sequence: number; order: OrderRow; publicUrl: string },
): Promise<PaidDelivery | null> {
  const subscription = await lockSubscription(tx, input.subscriptionId);
  const delivery = subscription ? await findDelivery(tx, subscription.id, input.sequence, { lock: true }) : undefined;
  if (!subscription || !delivery || delivery.status === 'charged' || delivery.status === 'shipped') return null;
  const payment = await paidWithKeyPrefix(tx, input.order.id, deliveryKeyPrefix(subscription.id, delivery.sequence));
  if (!payment) throw new Error(`delivery ${delivery.id} has no payment that went through`);
  const now = new Date();
  const charged = await updateDelivery(tx, delivery.id, { status: 'charged', chargedAt: now, paymentKey: payment.attemptKey });
  await events.record(tx, 'subscription.charged', {
    subscriptionId: subscription.id,
    sequence: delivery.sequence,
    orderId: input.order.id,
    amountCents: payment.amountCents,
  });

  let nextDeliveryOn: string | null = null;
  let current = subscription;
  if (subscription.status !== 'cancelled' && subscription.nextDeliveryOn === delivery.dueOn) {
    nextDeliveryOn = dueDayOf(subscription, input.order, delivery.sequence + 1);
    current = (await updateSubscription(tx, subscription.id, { status: 'active', nextDeliveryOn })) ?? subscription;
    await scheduleDelivery(tx, subscription.id, delivery.sequence + 1, nextDeliveryOn);
  }
  const card = payment.cardBrand && payment.cardLast4 ? { brand: payment.cardBrand, last4: payment.cardLast4 } : null;
  const next = current.status === 'cancelled' ? null : current.nextDeliveryOn;
  const receipt: EmailMessage = isMembership(subscription.productCode)
    ? membershipRenewalReceiptEmail({
        to: input.order.email,
        title: subscription.title,
        amountCents: payment.amountCents,
        chargedAt: now,
        card,
        nextChargeOn: next,
        accountUrl: `${input.publicUrl}/account`,
      })
    : subscriptionDeliveryReceiptEmail({
        to: input.order.email,
        title: subscription.title,
        sequence: delivery.sequence,
        frequency: frequencyOf(subscription),
        amountCents: payment.amountCents,
        chargedAt: now,
        card,
        nextDeliveryOn: next,
        accountUrl: `${input.publicUrl}/account`,
      });
  await enqueueEmail(tx, receipt, `subscription-receipt:${delivery.id}`);
  return { subscription: current, delivery: charged ?? delivery, nextDeliveryOn };
}

/** Where the customer approves (or pays) a delivery their bank held back. */
export const approvalPath = (deliveryId: string) => `/checkout-subscription-delivery?delivery=${encodeURIComponent(deliveryId)}`;

/**
 * The bank wants the customer for this delivery: it waits for them, and they get an e-mail with
 * the link to approve, once. Nothing moves on until they do (or cancel).
 */
export async function recordNeedsCustomer(
  tx: Executor,
  input: { subscriptionId: string; sequence: number; attemptKey: string; order: OrderRow; publicUrl: string },
): Promise<boolean> {
  const subscription = await lockSubscription(tx, input.subscriptionId);
  const delivery = subscription ? await findDelivery(tx, subscription.id, input.sequence, { lock: true }) : undefined;
  if (!subscription || !delivery || subscription.status === 'cancelled') return false;
  if (delivery.status !== 'scheduled' && delivery.status !== 'declined') return false;
  await updateDelivery(tx, delivery.id, { status: 'needs_customer', paymentKey: input.attemptKey });
  const approve = isMembership(subscription.productCode) ? membershipApprovalEmail : subscriptionApprovalEmail;
  await enqueueEmail(
    tx,
    approve(input.order.email, subscription.title, delivery.amountCents, `${input.publicUrl}${approvalPath(delivery.id)}`),
    `subscription-approval:${delivery.id}`,
  );
  return true;
}
