import {
  dayOf,
  deliveryStatusLabels,
  formatMoney,
  frequencyLabels,
  isDeliveryFrequency,
  isMembership,
  subscriptionStatusLabels,
  type DeliveryStatus,
  type SubscriptionStatus,
} from '@shop/core';
import type { Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { subscriptionKitShippedEmail } from '../email/subscription-templates.ts';
import { conflict, forbidden, notFound } from '../errors.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { Actor } from '../orders/lifecycle.ts';
import { mayDoToSubscriptions } from '../orders/permissions.ts';
import {
  findDeliveryById,
  listAllSubscriptions,
  listDeliveriesInStatus,
  listDueSubscriptions,
  lockSubscription,
  findDelivery,
  updateDelivery,
  type DeliveryRow,
  type SubscriptionRow,
} from './repository.ts';

interface Customer {
  customerEmail: string;
  customerName: string;
  orderNumber: number;
}

/** The console lists the deliveries due within this many days. */
export const DUE_WINDOW_DAYS = 7;

const frequencyLabel = (frequency: string) => (isDeliveryFrequency(frequency) ? frequencyLabels[frequency] : frequency);

function subscriptionLine(row: Customer & { subscription: SubscriptionRow }) {
  const { subscription } = row;
  return {
    id: subscription.id,
    title: subscription.title,
    customer: { name: row.customerName, email: row.customerEmail },
    orderId: subscription.orderId,
    orderNumber: row.orderNumber,
    frequencyLabel: frequencyLabel(subscription.frequency),
    price: formatMoney(subscription.priceCents),
    status: subscription.status,
    statusLabel: subscriptionStatusLabels[subscription.status as SubscriptionStatus] ?? subscription.status,
    nextDeliveryOn: subscription.nextDeliveryOn,
    startedAt: subscription.createdAt.toISOString(),
    cancelledAt: subscription.cancelledAt?.toISOString() ?? null,
  };
}

function deliveryLine(row: Customer & { subscription: SubscriptionRow; delivery: DeliveryRow }) {
  const { delivery } = row;
  return {
    id: delivery.id,
    subscriptionId: delivery.subscriptionId,
    title: row.subscription.title,
    customer: { name: row.customerName, email: row.customerEmail },
    orderNumber: row.orderNumber,
    sequence: delivery.sequence,
    dueOn: delivery.dueOn,
    amount: formatMoney(delivery.amountCents),
    status: delivery.status,
    statusLabel: deliveryStatusLabels[delivery.status as DeliveryStatus] ?? delivery.status,
    trackingNumber: delivery.trackingNumber,
    chargedAt: delivery.chargedAt?.toISOString() ?? null,
    shippedAt: delivery.shippedAt?.toISOString() ?? null,
  };
}

/**
 * The subscriptions console: what is due (in the coming week, or held back waiting for a customer
 * or a card), what is paid and waits to ship, what shipped lately, and every subscription.
 */
export async function subscriptionsConsole(db: Database, now = new Date()) {
  const [due, attention, toShip, shipped, all] = await Promise.all([
    listDueSubscriptions(db, dayOf(new Date(now.getTime() + DUE_WINDOW_DAYS * 24 * 3600 * 1000))),
    listDeliveriesInStatus(db, ['needs_customer', 'declined']),
    listDeliveriesInStatus(db, ['charged'], 200, { shipping: true }),
    listDeliveriesInStatus(db, ['shipped'], 50),
    listAllSubscriptions(db),
  ]);
  return {
    today: dayOf(now),
    due: due.map(subscriptionLine),
    attention: attention.map(deliveryLine),
    toShip: toShip.map(deliveryLine),
    shipped: shipped.map(deliveryLine).reverse(),
    subscriptions: all.map(subscriptionLine),
  };
}

/**
 * An operator ships a paid delivery with its tracking number: once (a second time is a 409),
 * audit-logged, and the customer is told their kit is on its way, all in one transaction.
 */
export async function shipDelivery(deps: { db: Database; publicUrl: string }, deliveryId: string, trackingNumber: string, actor: Actor) {
  if (!mayDoToSubscriptions(actor.user.role, 'ship')) throw forbidden('Your role may not ship subscription deliveries.');
  const missing = () => notFound('DELIVERY_NOT_FOUND', 'We could not find this delivery.');
  const found = /^[0-9a-f-]{36}$/i.test(deliveryId) ? await findDeliveryById(deps.db, deliveryId) : undefined;
  if (!found) throw missing();
  return deps.db.transaction(async (tx) => {
    await lockSubscription(tx, found.subscription.id);
    const delivery = await findDelivery(tx, found.subscription.id, found.delivery.sequence, { lock: true });
    if (!delivery) throw missing();
    if (delivery.status === 'shipped') throw conflict('ALREADY_SHIPPED', 'This delivery has already shipped.');
    if (delivery.status !== 'charged') throw conflict('DELIVERY_NOT_PAID', 'Only a paid delivery can ship.');
    if (isMembership(found.subscription.productCode)) throw conflict('NOTHING_TO_SHIP', 'A membership renewal ships nothing.');
    const shipped = await updateDelivery(tx, delivery.id, { status: 'shipped', trackingNumber, shippedAt: new Date() });
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'subscription.ship',
      subjectType: 'subscription',
      subjectId: found.subscription.id,
      detail: { deliveryId: delivery.id, sequence: delivery.sequence, trackingNumber },
      ip: actor.ip,
    });
    await enqueueEmail(
      tx,
      subscriptionKitShippedEmail(found.order.email, found.subscription.title, trackingNumber, `${deps.publicUrl}/account`),
      `subscription-shipped:${delivery.id}`,
    );
    return shipped!;
  });
}
