import { isDeliveryFrequency, isDeliveryDue, isMembership, membershipRetryDelaysDays } from '@shop/core';
import type { Executor } from '@shop/db';
import { chargeSavedCard, type DeferredChargeDeps } from '../billing/saved-card.ts';
import { heldWhereNotSold } from './where-sold-hold.ts';
import { membershipPaymentFailedEmail } from '../email/membership-templates.ts';
import { subscriptionBillingFailedEmail } from '../email/subscription-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { declinedRetryDelaysMs } from '../programs/billing.ts';
import {
  approvalPath,
  deliveryCharge,
  deliveryChargeKey,
  dueDayOf,
  openDelivery,
  recordDeliveryPaid,
  recordNeedsCustomer,
} from './deliveries.ts';
import {
  findDelivery,
  findSubscriptionWithOrder,
  lockSubscription,
  paymentByKey,
  updateDelivery,
  updateSubscription,
  type DeliveryRow,
  type SubscriptionRow,
} from './repository.ts';
import { scheduleDelivery } from './start.ts';
import type { EventRecorder } from '../events/bus.ts';

export interface SubscriptionBillingDeps extends DeferredChargeDeps {
  /** records each delivery charged (`subscription.charged`) */
  events: EventRecorder;
  /** who hears about a delivery that could not be charged */
  supportEmail: string;
  log: JobLog;
}

/**
 * The queue's `subscription.deliver`: on a delivery's day, opens its row (once: unique per
 * subscription and sequence) and charges the card saved at checkout, exactly once. Each try has
 * its gateway idempotency key (`subscription:<id>:<sequence>:<try>`), so a job run twice, raced
 * or resumed after its worker died charges once; what the charge means is written under the
 * subscription's lock, once. Paid: the delivery waits to ship, the customer gets a receipt and
 * the next delivery is scheduled. The bank wants the customer: they get a link to approve.
 * Declined: tried again on the program's schedule, then the subscription is past due and support
 * is told. It never charges before the day, and never starts a charge for a cancelled
 * subscription (one that had started before the cancel is finished: its money may be taken).
 */
export function subscriptionDeliverJob(deps: SubscriptionBillingDeps): JobHandler<'subscription.deliver'> {
  return async ({ subscriptionId, sequence, attempt = 1 }, context) => {
    const found = await findSubscriptionWithOrder(deps.db, subscriptionId);
    if (!found) return; // removed since (a minor's account): nothing to deliver
    const { subscription, order } = found;
    if (!isDeliveryFrequency(subscription.frequency)) return;
    const dueOn = dueDayOf(subscription, order, sequence);
    if (!isDeliveryDue(dueOn, context.now)) {
      // the job that charges it waits for the day (its run time): this one came too early
      deps.log.warn({ subscriptionId, sequence, dueOn }, 'subscription delivery not charged: it is not due yet');
      return;
    }
    const attemptKey = deliveryChargeKey(subscriptionId, sequence, attempt);
    // A try written down before is finished whatever happened since, a cancel included: its
    // charge may have been taken (the worker died after asking), and asking again with its key
    // answers with that charge. Anything else starts only for a subscription still running.
    const begun = await paymentByKey(deps.db, attemptKey);
    const delivery = begun
      ? await findDelivery(deps.db, subscriptionId, sequence)
      : subscription.status === 'cancelled'
        ? undefined
        : await openDelivery(deps.db, subscriptionId, sequence, dueOn);
    if (!delivery) return;
    if (!begun && delivery.status !== 'scheduled' && delivery.status !== 'declined') return;
    // a kit is never charged nor sent where the test may not be sold: held, with a notice
    const accountUrl = `${deps.publicUrl}/account`;
    if (!begun && (await heldWhereNotSold(deps.db, { subscription, order, sequence, accountUrl }))) {
      deps.log.warn({ subscriptionId, sequence }, 'subscription delivery held: its collection is in a state that refuses it');
      return;
    }

    const result = await chargeSavedCard(deps, order, delivery.amountCents, attemptKey, deliveryCharge(subscription, delivery));
    switch (result.status) {
      case 'succeeded':
        await deps.db.transaction((tx) =>
          recordDeliveryPaid(tx, deps.events, { subscriptionId, sequence, order, publicUrl: deps.publicUrl }),
        );
        return;
      case 'stopped':
        // cancelled (or paid some other way) before the charge began
        return;
      case 'needs_customer':
        await deps.db.transaction((tx) =>
          recordNeedsCustomer(tx, { subscriptionId, sequence, attemptKey, order, publicUrl: deps.publicUrl }),
        );
        return;
      case 'unavailable':
        throw new Error('the card gateway did not answer');
      case 'declined':
      case 'no_saved_card': {
        const reason = result.status === 'declined' ? result.declineCode : 'no_saved_card';
        const delays = isMembership(subscription.productCode) ? membershipRetryDelaysMs : declinedRetryDelaysMs;
        const retryIn = result.status === 'declined' ? delays[attempt - 1] : undefined;
        await deps.db.transaction((tx) =>
          recordDecline(tx, deps, {
            subscriptionId,
            sequence,
            attempt,
            attemptKey,
            reason,
            retryAt: retryIn === undefined ? null : new Date(context.now.getTime() + retryIn),
          }),
        );
        return;
      }
    }
  };
}

const dayMs = 24 * 3600 * 1000;
const membershipRetryDelaysMs = membershipRetryDelaysDays.map((days) => days * dayMs);

/**
 * A declined try: the delivery says so, and either the next try is queued or, after the last
 * one, the subscription is past due (nothing more is charged or shipped) and support is told once.
 * A membership is chased with its member instead: each decline tells them, with a link to pay with
 * another card; meanwhile it is past due and its benefits hold, and after the last try it is paused.
 */
async function recordDecline(
  tx: Executor,
  deps: SubscriptionBillingDeps,
  input: { subscriptionId: string; sequence: number; attempt: number; attemptKey: string; reason: string; retryAt: Date | null },
): Promise<void> {
  const subscription = await lockSubscription(tx, input.subscriptionId);
  const delivery = subscription ? await findDelivery(tx, subscription.id, input.sequence, { lock: true }) : undefined;
  if (!subscription || !delivery || subscription.status === 'cancelled') return;
  if (delivery.status !== 'scheduled' && delivery.status !== 'declined') return;
  await updateDelivery(tx, delivery.id, { status: 'declined', paymentKey: input.attemptKey });
  if (isMembership(subscription.productCode)) {
    await dunMember(tx, deps, { subscription, delivery, attempt: input.attempt, retryAt: input.retryAt });
    return;
  }
  if (input.retryAt) {
    await scheduleDelivery(tx, subscription.id, input.sequence, delivery.dueOn, input.attempt + 1, input.retryAt);
    deps.log.info(
      { subscriptionId: subscription.id, sequence: input.sequence, attempt: input.attempt, reason: input.reason },
      'subscription charge declined; tried again later',
    );
    return;
  }
  await updateSubscription(tx, subscription.id, { status: 'past_due' });
  const found = await findSubscriptionWithOrder(tx, subscription.id);
  await enqueueEmail(
    tx,
    subscriptionBillingFailedEmail({
      to: deps.supportEmail,
      subscriptionId: subscription.id,
      title: subscription.title,
      customerEmail: found?.order.email ?? '',
      orderNumber: found?.order.number ?? 0,
      sequence: input.sequence,
      amountCents: delivery.amountCents,
      attempts: input.attempt,
      reason: input.reason,
    }),
    `subscription-billing-failed:${subscription.id}:${input.sequence}`,
  );
  deps.log.warn(
    { subscriptionId: subscription.id, sequence: input.sequence, attempt: input.attempt, reason: input.reason },
    'subscription billing failed for good; support was told',
  );
}

/** One step of a membership's dunning, under the caller's locks: the member hears each time, once per try. */
async function dunMember(
  tx: Executor,
  deps: SubscriptionBillingDeps,
  input: { subscription: SubscriptionRow; delivery: DeliveryRow; attempt: number; retryAt: Date | null },
): Promise<void> {
  const { subscription, delivery, attempt, retryAt } = input;
  if (retryAt) await scheduleDelivery(tx, subscription.id, delivery.sequence, delivery.dueOn, attempt + 1, retryAt);
  await updateSubscription(tx, subscription.id, { status: retryAt ? 'past_due' : 'paused' });
  const found = await findSubscriptionWithOrder(tx, subscription.id);
  if (found) {
    const message = membershipPaymentFailedEmail({
      to: found.order.email,
      title: subscription.title,
      amountCents: delivery.amountCents,
      retryOn: retryAt ? retryAt.toISOString().slice(0, 10) : null,
      updateUrl: `${deps.publicUrl}${approvalPath(delivery.id)}`,
    });
    await enqueueEmail(tx, message, `membership-dunning:${delivery.id}:${attempt}`);
  }
  deps.log.warn(
    { subscriptionId: subscription.id, sequence: delivery.sequence, attempt, paused: !retryAt },
    retryAt ? 'membership renewal declined; the member was told and it is tried again later' : 'membership paused after its last try',
  );
}
