import { chargeTimeOf, dayOf, deliveryDay, getProduct, isMembership, isProductCode, membershipTerms } from '@shop/core';
import type { Executor } from '@shop/db';
import { membershipStartedEmail } from '../email/membership-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';
import { enqueue } from '../jobs/queue.ts';
import { endSubscriptionsOfOrder, insertSubscriptionsOfOrder, type SubscriptionRow } from './repository.ts';

/** The job that delivers (charges) a subscription's delivery `sequence`: queued once per delivery. */
export const deliveryJobKey = (subscriptionId: string, sequence: number, attempt = 1) =>
  attempt === 1 ? `subscription-deliver:${subscriptionId}:${sequence}` : `subscription-deliver:${subscriptionId}:${sequence}:${attempt}`;

/** The day a subscription started: the day its order was paid, the anchor of its calendar. */
export function startDayOf(order: { paidAt: Date | null; createdAt: Date }): string {
  return dayOf(order.paidAt ?? order.createdAt);
}

/**
 * A paid order's subscriptions begin, in the transaction that records the payment: one per
 * recurring line (the order is its first delivery, or a membership's first month), each with its
 * second charge's day and the job that charges it then. A membership's member gets the terms
 * they agreed to in writing. Safe to run twice: a subscription is unique per order line.
 */
export async function startSubscriptions(
  tx: Executor,
  order: { id: string; userId: string; email: string; paidAt: Date | null; createdAt: Date },
  publicUrl: string,
): Promise<SubscriptionRow[]> {
  const start = startDayOf(order);
  const started = await insertSubscriptionsOfOrder(tx, order, {
    monthly: deliveryDay(start, 'monthly', 2),
    quarterly: deliveryDay(start, 'quarterly', 2),
  });
  for (const subscription of started) {
    await scheduleDelivery(tx, subscription.id, 2, subscription.nextDeliveryOn!);
    if (isMembership(subscription.productCode) && isProductCode(subscription.productCode)) {
      const message = membershipStartedEmail({
        to: order.email,
        title: getProduct(subscription.productCode).title,
        terms: membershipTerms(subscription.productCode, start),
        accountUrl: `${publicUrl}/account`,
      });
      await enqueueEmail(tx, message, `membership-started:${subscription.id}`);
    }
  }
  return started;
}

/** A paid order's recurring lines become subscriptions, in the transaction that records the payment. */
export function startSubscriptionsOfPaidOrder(publicUrl: string) {
  return onEvent({
    name: 'subscriptions.start',
    on: 'order.paid',
    mode: 'in-transaction',
    async handle(tx, event) {
      const { orderId, userId, email, paidAt, holds } = event.payload;
      // the move to paid saw no line delivered again
      if (holds?.subscription === false) return;
      await startSubscriptions(tx, { id: orderId, userId, email, paidAt: new Date(paidAt), createdAt: new Date(paidAt) }, publicUrl);
    },
  });
}

/** An order cancelled or refunded (a clinician's decline included) ends the test subscriptions it started. */
export const endSubscriptionsOfEndedOrder = onEvent({
  name: 'subscriptions.end',
  on: ['order.cancelled', 'order.refunded'],
  mode: 'in-transaction',
  handle: async (tx, event) => void (await endSubscriptionsOfOrder(tx, event.payload.orderId)),
});

/** Queues the charge of delivery `sequence`, not before its day. */
export async function scheduleDelivery(
  tx: Executor,
  subscriptionId: string,
  sequence: number,
  dueOn: string,
  attempt = 1,
  runAt = chargeTimeOf(dueOn),
): Promise<void> {
  await enqueue(tx, {
    name: 'subscription.deliver',
    payload: { subscriptionId, sequence, ...(attempt > 1 ? { attempt } : {}) },
    runAt,
    singletonKey: deliveryJobKey(subscriptionId, sequence, attempt),
    // an unanswered gateway is retried with backoff within the day
    maxAttempts: 8,
  });
}
