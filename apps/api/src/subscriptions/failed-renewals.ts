import { and, eq, inArray, sql } from 'drizzle-orm';
import { jobs, orders, payments, subscriptionDeliveries, subscriptions, type Executor } from '@shop/db';
import { conflict, notFound } from '../errors.ts';
import { deliveryChargeKey } from './deliveries.ts';
import { findDelivery, lockSubscription } from './repository.ts';
import { scheduleDelivery } from './start.ts';

/**
 * Failed renewals: deliveries of test subscriptions and memberships whose charge was declined
 * (or found no card) on every automatic try, so the subscription is past due or paused, with no
 * try of `subscription.deliver` queued or running. A cancelled subscription is not renewed.
 */

export interface FailedRenewal {
  deliveryId: string;
  subscriptionId: string;
  title: string;
  orderId: string;
  orderNumber: number;
  sequence: number;
  dueOn: string;
  amountCents: number;
  subscriptionStatus: string;
  /** the last try's decline code, when the gateway gave one */
  failureCode: string | null;
  tries: number;
}

/** A try of a delivery waits in the queue or runs now: a retry would only double it. */
const pendingTry = (subscriptionId: unknown, sequence: unknown) => sql`exists (
  select 1 from ${jobs} j where j.name = 'subscription.deliver'
    and j.payload->>'subscriptionId' = ${subscriptionId}::text
    and (j.payload->>'sequence')::int = ${sequence}
    and j.status in ('queued', 'running'))`;

/** The try number in a delivery's payment key (`subscription:<id>:<sequence>:<try>`), 0 without one. */
const tryOfKey = (key: string | null) => Number(key?.split(':').at(-1) ?? 0) || 0;

export async function listFailedRenewals(db: Executor, limit = 100): Promise<FailedRenewal[]> {
  const rows = await db
    .select({
      delivery: subscriptionDeliveries,
      title: subscriptions.title,
      subscriptionStatus: subscriptions.status,
      orderId: orders.id,
      orderNumber: orders.number,
      failureCode: payments.failureCode,
    })
    .from(subscriptionDeliveries)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDeliveries.subscriptionId))
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .leftJoin(payments, eq(payments.attemptKey, subscriptionDeliveries.paymentKey))
    .where(
      and(
        eq(subscriptionDeliveries.status, 'declined'),
        sql`${subscriptions.status} <> 'cancelled'`,
        sql`not ${pendingTry(subscriptionDeliveries.subscriptionId, subscriptionDeliveries.sequence)}`,
      ),
    )
    .orderBy(subscriptionDeliveries.dueOn)
    .limit(limit);
  return rows.map((row) => ({
    deliveryId: row.delivery.id,
    subscriptionId: row.delivery.subscriptionId,
    title: row.title,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    sequence: row.delivery.sequence,
    dueOn: row.delivery.dueOn,
    amountCents: row.delivery.amountCents,
    subscriptionStatus: row.subscriptionStatus,
    failureCode: row.failureCode,
    tries: tryOfKey(row.delivery.paymentKey),
  }));
}

/**
 * An operator's retry of a failed renewal: one more `subscription.deliver` for the delivery, now,
 * with the next try's key, through the same job and charge as the automatic tries (paid, the
 * subscription is active again and the customer gets the receipt). Under the subscription's and
 * the delivery's row locks: two retries at once queue one try, the second is refused.
 */
export async function retryRenewal(
  tx: Executor,
  deliveryId: string,
  now: Date,
): Promise<{ subscriptionId: string; title: string; sequence: number; attempt: number }> {
  const [found] = await tx.select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.id, deliveryId));
  if (!found) throw notFound('DELIVERY_NOT_FOUND', 'There is no such delivery.');
  const subscription = await lockSubscription(tx, found.subscriptionId);
  const delivery = await findDelivery(tx, found.subscriptionId, found.sequence, { lock: true });
  if (!subscription || !delivery) throw notFound('DELIVERY_NOT_FOUND', 'There is no such delivery.');
  if (subscription.status === 'cancelled')
    throw conflict('SUBSCRIPTION_CANCELLED', `${subscription.title} is cancelled: nothing is charged.`);
  if (delivery.status !== 'declined')
    throw conflict('RENEWAL_NOT_FAILED', `This delivery of ${subscription.title} is not declined: it may have been paid already.`);
  const [pending] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, 'subscription.deliver'),
        inArray(jobs.status, ['queued', 'running']),
        sql`${jobs.payload} @> ${JSON.stringify({ subscriptionId: subscription.id, sequence: delivery.sequence })}::jsonb`,
      ),
    )
    .limit(1);
  if (pending) throw conflict('RETRY_QUEUED', `A try to charge this delivery of ${subscription.title} is already queued.`);
  // the declined try's key stays declined at the gateway: the retry takes the next one
  const attempt = tryOfKey(delivery.paymentKey) + 1;
  if (attempt < 2 || delivery.paymentKey !== deliveryChargeKey(subscription.id, delivery.sequence, attempt - 1))
    throw conflict('RENEWAL_NOT_FAILED', `This delivery of ${subscription.title} has no declined try to follow.`);
  await scheduleDelivery(tx, subscription.id, delivery.sequence, delivery.dueOn, attempt, now);
  return { subscriptionId: subscription.id, title: subscription.title, sequence: delivery.sequence, attempt };
}
