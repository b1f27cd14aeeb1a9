import type { Subscription } from '@shop/client';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { Alert } from '../alert';
import { Button } from '../button';
import { Dialog } from '../dialog';

const statusTones: Record<string, string> = {
  active: 'bg-brand-soft text-brand-dark',
  past_due: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

/**
 * The member's test subscriptions: the test, how often, the next delivery and its price, and a
 * Cancel that asks first. After a cancel nothing more is charged.
 */
export function SubscriptionList({ subscriptions }: { subscriptions: Subscription[] }) {
  const revalidator = useRevalidator();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function cancel() {
    if (!cancelling) return;
    setPending(true);
    setError(null);
    try {
      await browserApi().cancelSubscription(cancelling.id);
      setDone(`Your subscription to the ${cancelling.title} is cancelled. Your card will not be charged again for it.`);
      setCancelling(null);
      await revalidator.revalidate();
    } catch (failure) {
      setError(messageOf(failure, 'We could not cancel the subscription. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="subscriptions-title" className="mt-10">
      <h2 id="subscriptions-title" className="text-xl font-bold">
        Test subscriptions
      </h2>
      <div aria-live="polite" className="mt-3">
        {done ? <Alert>{done}</Alert> : null}
      </div>
      <ul className="mt-4 space-y-3">
        {subscriptions.map((subscription) => (
          <li key={subscription.id}>
            <article aria-label={subscription.title} className="rounded-xl bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h3 className="font-semibold">{subscription.title}</h3>
                  <p className="text-sm text-muted">
                    {subscription.price} per delivery, {subscription.frequencyLabel} · started with order #{subscription.orderNumber}
                  </p>
                </div>
                <span className={`rounded-full px-3 py-1 text-sm font-medium ${statusTones[subscription.status] ?? statusTones.cancelled}`}>
                  {subscription.statusLabel}
                </span>
              </div>
              {subscription.status === 'cancelled' ? (
                <p className="mt-3 text-sm">Cancelled: no more deliveries or charges.</p>
              ) : subscription.status === 'active' && subscription.nextDelivery && !subscription.approval ? (
                <p className="mt-3 text-sm">
                  Next delivery: <strong>{subscription.nextDelivery}</strong>, charged {subscription.price} that day to the card you saved.
                </p>
              ) : null}
              {subscription.status === 'past_due' ? (
                <p className="mt-2 text-sm text-amber-900">
                  We could not charge your card for the next delivery. Our team will contact you.
                </p>
              ) : null}
              {subscription.approval ? (
                <p className="mt-2 text-sm">
                  Your bank asks you to approve the charge of {subscription.approval.amount}.{' '}
                  <Link to={subscription.approval.path} className="font-semibold text-brand underline">
                    Approve the charge
                  </Link>
                </p>
              ) : null}
              {subscription.deliveries.length > 0 ? (
                <ul className="mt-3 space-y-1 text-sm text-muted">
                  {subscription.deliveries.map((delivery) => (
                    <li key={delivery.sequence}>
                      Delivery {delivery.sequence}, {delivery.due}: {delivery.statusLabel}
                      {delivery.trackingNumber ? `, tracking number ${delivery.trackingNumber}` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              {subscription.status !== 'cancelled' ? (
                <Button
                  type="button"
                  variant="secondary"
                  className="mt-4 px-4 py-2 text-sm"
                  onClick={() => {
                    setError(null);
                    setDone(null);
                    setCancelling(subscription);
                  }}
                >
                  Cancel subscription
                </Button>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
      <Dialog open={cancelling !== null} onClose={() => setCancelling(null)} title="Cancel this subscription?">
        <p>
          Your subscription to the {cancelling?.title} ends now: your card will not be charged again for it and no more kits are sent. A kit
          already paid for still ships.
        </p>
        {error ? (
          <div className="mt-4">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => setCancelling(null)} disabled={pending}>
            Keep it
          </Button>
          <Button type="button" onClick={() => void cancel()} pending={pending} pendingLabel="Cancelling…">
            Yes, cancel it
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
