import type { Executor } from '@shop/db';
import { enqueue } from './queue.ts';

/**
 * Queues the periodic work once per hour: cart expiry, the collection reminders, the lost kits' watch, the coaching sessions' reminders the day before, forgetting old
 * lab request signatures, the retention schedule's deletions, the programs' retests, the subscriptions' yearly reminders and due price
 * changes, the approval of referral earnings whose refund window has passed, the cancelling of
 * prepaid covered orders left unpaid and the look for clinic webhook endpoints failing for a day; and once a month the
 * payouts to affiliates and clinics and the employer groups' invoices. The hour (the month) is in each
 * job's singleton key, so every process may run this and the hour still gets one job.
 */
export function createPeriodicScheduler(db: Executor): (now: Date) => Promise<void> {
  let lastHour = '';
  return async (now) => {
    const hour = now.toISOString().slice(0, 13);
    if (hour === lastHour) return;
    await enqueue(db, { name: 'cart.expire', payload: {}, runAt: now, singletonKey: `cart.expire:${hour}` });
    await enqueue(db, { name: 'collection.remind', payload: {}, runAt: now, singletonKey: `collection.remind:${hour}` });
    await enqueue(db, { name: 'kits.watch', payload: {}, runAt: now, singletonKey: `kits.watch:${hour}` });
    await enqueue(db, { name: 'coaching.remind', payload: {}, runAt: now, singletonKey: `coaching.remind:${hour}` });
    await enqueue(db, { name: 'nonce.prune', payload: {}, runAt: now, singletonKey: `nonce.prune:${hour}` });
    await enqueue(db, { name: 'retention.apply', payload: {}, runAt: now, singletonKey: `retention.apply:${hour}` });
    await enqueue(db, { name: 'program.retests', payload: {}, runAt: now, singletonKey: `program.retests:${hour}` });
    await enqueue(db, {
      name: 'subscription.yearly_reminders',
      payload: {},
      runAt: now,
      singletonKey: `subscription.yearly_reminders:${hour}`,
    });
    await enqueue(db, { name: 'subscription.price_changes', payload: {}, runAt: now, singletonKey: `subscription.price_changes:${hour}` });
    await enqueue(db, { name: 'rewards.approve', payload: {}, runAt: now, singletonKey: `rewards.approve:${hour}` });
    await enqueue(db, { name: 'employers.unpaid_draws', payload: {}, runAt: now, singletonKey: `employers.unpaid_draws:${hour}` });
    await enqueue(db, { name: 'provider_webhook.failing', payload: {}, runAt: now, singletonKey: `provider_webhook.failing:${hour}` });
    await enqueue(db, { name: 'rewards.payout', payload: {}, runAt: now, singletonKey: `rewards.payout:${hour.slice(0, 7)}` });
    await enqueue(db, { name: 'employers.invoice', payload: {}, runAt: now, singletonKey: `employers.invoice:${hour.slice(0, 7)}` });
    lastHour = hour;
  };
}
