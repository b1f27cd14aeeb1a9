import {
  dayOf,
  deliveryStatusLabels,
  formatMoney,
  frequencyLabels,
  isDeliveryFrequency,
  isMembership,
  membershipBenefitsOn,
  membershipMessages,
  paidThroughDay,
  subscriptionStatusLabels,
  type DeliveryStatus,
  type SubscriptionStatus,
} from '@shop/core';
import { and, eq, inArray } from 'drizzle-orm';
import { subscriptionDeliveries, subscriptions, type Database } from '@shop/db';
import { membershipCancelledEmail } from '../email/membership-templates.ts';
import { subscriptionCancelledEmail, longDay } from '../email/subscription-templates.ts';
import { conflict, notFound } from '../errors.ts';
import { enqueueEmail } from '../email/queue.ts';
import { approvalPath } from './deliveries.ts';
import {
  findSubscriptionWithOrder,
  listDeliveriesOf,
  listSubscriptionsOfUser,
  lockSubscription,
  updateSubscription,
  type DeliveryRow,
  type SubscriptionRow,
} from './repository.ts';

/** One subscription as its member sees it in their account. */
export interface SubscriptionView {
  id: string;
  /** a test subscription ships kits; a membership (Base Daily) renews benefits */
  kind: 'tests' | 'membership';
  title: string;
  frequency: string;
  /** "every month", "every 3 months" */
  frequencyLabel: string;
  priceCents: number;
  price: string;
  status: string;
  statusLabel: string;
  /** YYYY-MM-DD, and for people; null once cancelled */
  nextDeliveryOn: string | null;
  nextDelivery: string | null;
  orderId: string;
  orderNumber: number;
  startedAt: string;
  cancelledAt: string | null;
  /** a membership's benefits (5% off tests) hold today */
  benefits: boolean;
  /** a cancelled membership's last paid day, for people; null otherwise */
  accessUntil: string | null;
  /**
   * A charge waiting for the member: held back by their bank until they approve it, or (a
   * membership) declined, to pay with another card. Where to do that.
   */
  approval: { deliveryId: string; amount: string; path: string; reason: 'approve' | 'update_card' } | null;
  deliveries: Array<{
    sequence: number;
    dueOn: string;
    due: string;
    status: string;
    statusLabel: string;
    amount: string;
    trackingNumber: string | null;
  }>;
}

export function toSubscriptionView(
  subscription: SubscriptionRow,
  orderNumber: number,
  deliveries: DeliveryRow[],
  now = new Date(),
): SubscriptionView {
  const frequency = isDeliveryFrequency(subscription.frequency) ? subscription.frequency : 'monthly';
  const membership = isMembership(subscription.productCode);
  const open = subscription.status !== 'cancelled';
  const held = open ? deliveries.find((delivery) => delivery.status === 'needs_customer') : undefined;
  const declined = open && membership ? deliveries.find((delivery) => delivery.status === 'declined') : undefined;
  const waiting = held ?? declined;
  return {
    id: subscription.id,
    kind: membership ? 'membership' : 'tests',
    title: subscription.title,
    frequency: subscription.frequency,
    frequencyLabel: frequencyLabels[frequency],
    priceCents: subscription.priceCents,
    price: formatMoney(subscription.priceCents),
    status: subscription.status,
    statusLabel: subscriptionStatusLabels[subscription.status as SubscriptionStatus] ?? subscription.status,
    nextDeliveryOn: subscription.nextDeliveryOn,
    nextDelivery: subscription.nextDeliveryOn ? longDay(subscription.nextDeliveryOn) : null,
    orderId: subscription.orderId,
    orderNumber,
    startedAt: subscription.createdAt.toISOString(),
    cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
    benefits: membership && membershipBenefitsOn(subscription, dayOf(now)),
    accessUntil: subscription.accessUntil ? longDay(subscription.accessUntil) : null,
    approval: waiting
      ? {
          deliveryId: waiting.id,
          amount: formatMoney(waiting.amountCents),
          path: approvalPath(waiting.id),
          reason: waiting === held ? 'approve' : 'update_card',
        }
      : null,
    deliveries: deliveries
      .filter((delivery) => delivery.subscriptionId === subscription.id)
      .map((delivery) => ({
        sequence: delivery.sequence,
        dueOn: delivery.dueOn,
        due: longDay(delivery.dueOn),
        status: delivery.status,
        // a membership's renewal ships nothing: paid is all there is to say
        statusLabel:
          membership && delivery.status === 'charged'
            ? 'Paid'
            : (deliveryStatusLabels[delivery.status as DeliveryStatus] ?? delivery.status),
        amount: formatMoney(delivery.amountCents),
        trackingNumber: delivery.trackingNumber,
      })),
  };
}

/** The signed-in member's subscriptions, newest first. */
export async function listMemberSubscriptions(db: Database, userId: string): Promise<SubscriptionView[]> {
  const rows = await listSubscriptionsOfUser(db, userId);
  const deliveries = await listDeliveriesOf(
    db,
    rows.map((row) => row.subscription.id),
  );
  return rows.map((row) =>
    toSubscriptionView(
      row.subscription,
      row.orderNumber,
      deliveries.filter((delivery) => delivery.subscriptionId === row.subscription.id),
    ),
  );
}

/**
 * The member cancels: under the subscription's lock, so a charge that has not started by then
 * never starts (the job checks under the same lock). Deliveries still waiting for a charge are
 * skipped; one already paid still ships. Cancelling a test subscription twice answers the same.
 * A membership's cancel takes effect at the end of the month already paid for (its benefits hold
 * until then); cancelling one that is already cancelled is refused, and changes nothing.
 */
export async function cancelSubscription(
  deps: { db: Database; publicUrl: string },
  userId: string,
  subscriptionId: string,
): Promise<SubscriptionView> {
  const missing = () => notFound('SUBSCRIPTION_NOT_FOUND', 'We could not find this subscription.');
  if (!/^[0-9a-f-]{36}$/i.test(subscriptionId)) throw missing();
  await deps.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, subscriptionId);
    if (!subscription || subscription.userId !== userId) throw missing();
    const membership = isMembership(subscription.productCode);
    if (subscription.status === 'cancelled') {
      if (membership) throw conflict('ALREADY_CANCELLED', membershipMessages.alreadyCancelled);
      return;
    }
    // an active membership was paid up to its next renewal; one past due or paused was not
    const accessUntil =
      membership && subscription.status === 'active' && subscription.nextDeliveryOn ? paidThroughDay(subscription.nextDeliveryOn) : null;
    await updateSubscription(tx, subscription.id, { status: 'cancelled', cancelledAt: new Date(), nextDeliveryOn: null, accessUntil });
    await tx
      .update(subscriptionDeliveries)
      .set({ status: 'skipped', updatedAt: new Date() })
      .where(
        and(
          eq(subscriptionDeliveries.subscriptionId, subscription.id),
          inArray(subscriptionDeliveries.status, ['scheduled', 'declined', 'needs_customer']),
        ),
      );
    const found = await findSubscriptionWithOrder(tx, subscription.id);
    if (!found) return;
    const accountUrl = `${deps.publicUrl}/account`;
    const message = membership
      ? membershipCancelledEmail({ to: found.order.email, title: subscription.title, accessUntil, accountUrl })
      : subscriptionCancelledEmail(found.order.email, subscription.title, accountUrl);
    await enqueueEmail(tx, message, `subscription-cancelled:${subscription.id}`);
  });
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  const found = await findSubscriptionWithOrder(deps.db, subscriptionId);
  return toSubscriptionView(row!, found?.order.number ?? 0, await listDeliveriesOf(deps.db, [subscriptionId]));
}
