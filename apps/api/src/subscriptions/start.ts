import { chargeTimeOf, dayOf, deliveryDay } from '@shop/core';
import type { Executor } from '@shop/db';
import { enqueue } from '../jobs/queue.ts';
import { insertSubscriptionsOfOrder, type SubscriptionRow } from './repository.ts';

/** The job that delivers (charges) a subscription's delivery `sequence`: queued once per delivery. */
export const deliveryJobKey = (subscriptionId: string, sequence: number, attempt = 1) =>
  attempt === 1 ? `subscription-deliver:${subscriptionId}:${sequence}` : `subscription-deliver:${subscriptionId}:${sequence}:${attempt}`;

/** The day a subscription started: the day its order was paid, the anchor of its calendar. */
export function startDayOf(order: { paidAt: Date | null; createdAt: Date }): string {
  return dayOf(order.paidAt ?? order.createdAt);
}

/**
 * A paid order's test subscriptions begin, in the transaction that records the payment: one per
 * recurring line (the order is its first delivery), each with its second delivery's day and the
 * job that charges it then. Safe to run twice: a subscription is unique per order line.
 */
export async function startSubscriptions(tx: Executor, order: { id: string; userId: string; paidAt: Date | null; createdAt: Date }): Promise<SubscriptionRow[]> {
  const start = startDayOf(order);
  const started = await insertSubscriptionsOfOrder(tx, order, {
    monthly: deliveryDay(start, 'monthly', 2),
    quarterly: deliveryDay(start, 'quarterly', 2),
  });
  for (const subscription of started) await scheduleDelivery(tx, subscription.id, 2, subscription.nextDeliveryOn!);
  return started;
}

/** Queues the charge of delivery `sequence`, not before its day. */
export async function scheduleDelivery(tx: Executor, subscriptionId: string, sequence: number, dueOn: string, attempt = 1, runAt = chargeTimeOf(dueOn)): Promise<void> {
  await enqueue(tx, {
    name: 'subscription.deliver',
    payload: { subscriptionId, sequence, ...(attempt > 1 ? { attempt } : {}) },
    runAt,
    singletonKey: deliveryJobKey(subscriptionId, sequence, attempt),
    // an unanswered gateway is retried with backoff within the day
    maxAttempts: 8,
  });
}
