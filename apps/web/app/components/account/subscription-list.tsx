import type { Subscription } from '@shop/client';
import { useId, useState } from 'react';
import { Link, useSearchParams, type FetcherWithComponents } from 'react-router';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { Alert, FormRefusal } from '../alert';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { CANCEL_QUERY, CANCEL_SUBSCRIPTION_FORM } from './forms';

const statusTones: Record<string, string> = {
  active: 'bg-brand-soft text-brand-dark',
  past_due: 'bg-amber-100 text-amber-900',
  paused: 'bg-amber-100 text-amber-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

const isMembership = (subscription: Subscription) => subscription.kind === 'membership';

/** What cancelling means, as the question asks it: a membership runs to the end of its month, a test subscription stops now. */
function cancelConsequence(subscription: Subscription): string {
  if (!isMembership(subscription)) {
    return `Your subscription to the ${subscription.title} ends now: your card will not be charged again for it and no more kits are sent. A kit already paid for still ships.`;
  }
  const until =
    subscription.status === 'active' && subscription.nextDelivery
      ? ` It stays on, with its 5% off tests, until the end of the month you paid for (your next charge would have been on ${subscription.nextDelivery}).`
      : '';
  return `Your card will not be charged again for ${subscription.title}.${until}`;
}

/**
 * The member's Base Daily membership and test subscriptions: what, how often, the next charge and
 * its price, and a Cancel that asks first. After a cancel nothing more is charged (a membership
 * runs to the end of the month paid for). The cancel is sent to the overview's action
 * (routes/account/overview.server.ts); with the page's script the question is a dialog, before it
 * the Cancel button loads the page at `?cancel=<id>`, which asks on the page.
 */
export function SubscriptionList({ subscriptions }: { subscriptions: Subscription[] }) {
  const [searchParams] = useSearchParams();
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const { fetcher, formRef, answer, pending } = useActionForm<FormAnswer>(CANCEL_SUBSCRIPTION_FORM, () => setCancelling(null));
  // asking again starts afresh: the answer to an earlier cancel is no longer shown
  const [dismissed, setDismissed] = useState<FormAnswer | undefined>(undefined);
  const shown = answer === dismissed ? undefined : answer;
  const done = shown?.ok ? shown.message : null;
  const error = shown && !shown.ok ? (shown.message ?? null) : null;
  // the subscription the page was loaded to ask about, before its script ran
  const asked = subscriptions.find(
    (subscription) => subscription.id === searchParams.get(CANCEL_QUERY) && subscription.status !== 'cancelled',
  );

  const memberships = subscriptions.filter(isMembership);
  const tests = subscriptions.filter((subscription) => !isMembership(subscription));
  const item = (subscription: Subscription) => (
    <li key={subscription.id}>
      <article aria-label={subscription.title} className="rounded-xl bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="font-semibold">{subscription.title}</h3>
            <p className="text-sm text-muted">
              {isMembership(subscription)
                ? `${subscription.price} every month`
                : `${subscription.price} per delivery, ${subscription.frequencyLabel}`}{' '}
              · started with order #{subscription.orderNumber}
            </p>
          </div>
          <span className={`rounded-full px-3 py-1 text-sm font-medium ${statusTones[subscription.status] ?? statusTones.cancelled}`}>
            {subscription.statusLabel}
          </span>
        </div>
        {isMembership(subscription) ? (
          <>
            <MembershipState subscription={subscription} />
            {subscription.benefits ? (
              <Link to="/account/daily" className="mt-2 inline-block text-sm font-semibold text-brand underline">
                Open Base Daily: your food log and the marketplace
              </Link>
            ) : null}
          </>
        ) : (
          <TestSubscriptionState subscription={subscription} />
        )}
        {subscription.approval?.reason === 'update_card' ? (
          <p className="mt-2 text-sm">
            Your card was declined for {subscription.approval.amount}.{' '}
            <Link to={subscription.approval.path} className="font-semibold text-brand underline">
              Update your card
            </Link>
          </p>
        ) : subscription.approval ? (
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
                {isMembership(subscription)
                  ? `Renewal of ${delivery.due}: ${delivery.statusLabel}`
                  : `Delivery ${delivery.sequence}, ${delivery.due}: ${delivery.statusLabel}`}
                {delivery.trackingNumber ? `, tracking number ${delivery.trackingNumber}` : ''}
              </li>
            ))}
          </ul>
        ) : null}
        {asked === subscription ? (
          <CancelQuestion subscription={subscription} fetcher={fetcher} pending={pending} error={error} />
        ) : subscription.status !== 'cancelled' ? (
          // without script the browser loads the page that asks; with it, the dialog asks
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              setDismissed(answer);
              setCancelling(subscription);
            }}
          >
            <Button type="submit" name={CANCEL_QUERY} value={subscription.id} variant="secondary" className="mt-4 px-4 py-2 text-sm">
              {isMembership(subscription) ? 'Cancel membership' : 'Cancel subscription'}
            </Button>
          </form>
        ) : null}
      </article>
    </li>
  );

  return (
    <section aria-labelledby="subscriptions-title" className="mt-10">
      <h2 id="subscriptions-title" className="text-xl font-bold">
        {tests.length > 0 ? 'Test subscriptions' : 'Base Daily membership'}
      </h2>
      <div aria-live="polite" className="mt-3">
        {done ? <Alert>{done}</Alert> : null}
      </div>
      {tests.length > 0 ? <ul className="mt-4 space-y-3">{tests.map(item)}</ul> : null}
      {memberships.length > 0 && tests.length > 0 ? <h2 className="mt-8 text-xl font-bold">Base Daily membership</h2> : null}
      {memberships.length > 0 ? <ul className="mt-4 space-y-3">{memberships.map(item)}</ul> : null}
      <Dialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling && isMembership(cancelling) ? 'Cancel your membership?' : 'Cancel this subscription?'}
      >
        <p>{cancelling ? cancelConsequence(cancelling) : null}</p>
        {error ? (
          <div className="mt-4">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <fetcher.Form ref={formRef} method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="_form" value={CANCEL_SUBSCRIPTION_FORM} />
          <input type="hidden" name="subscription" value={cancelling?.id ?? ''} />
          <Button type="button" variant="secondary" onClick={() => setCancelling(null)} disabled={pending}>
            Keep it
          </Button>
          <Button type="submit" pending={pending} pendingLabel="Cancelling…">
            Yes, cancel it
          </Button>
        </fetcher.Form>
      </Dialog>
    </section>
  );
}

/** The question the page asks at `?cancel=<id>`, before its script has run: the dialog's words, on the page. */
function CancelQuestion({
  subscription,
  fetcher,
  pending,
  error,
}: {
  subscription: Subscription;
  fetcher: FetcherWithComponents<unknown>;
  pending: boolean;
  error: string | null;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="mt-4 rounded-lg border border-line p-4">
      <h4 id={titleId} className="font-bold">
        {isMembership(subscription) ? 'Cancel your membership?' : 'Cancel this subscription?'}
      </h4>
      <p className="mt-2 text-sm">{cancelConsequence(subscription)}</p>
      <FormRefusal message={error} />
      <fetcher.Form method="post" className="mt-4 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="_form" value={CANCEL_SUBSCRIPTION_FORM} />
        <input type="hidden" name="subscription" value={subscription.id} />
        <Link to="/account" className="inline-flex items-center px-4 py-2 font-semibold text-brand underline">
          Keep it
        </Link>
        <Button type="submit" pending={pending} pendingLabel="Cancelling…">
          Yes, cancel it
        </Button>
      </fetcher.Form>
    </section>
  );
}

/** Where a test subscription stands: its next delivery, or why it stopped. */
function TestSubscriptionState({ subscription }: { subscription: Subscription }) {
  if (subscription.status === 'cancelled') return <p className="mt-3 text-sm">Cancelled: no more deliveries or charges.</p>;
  if (subscription.status === 'past_due') {
    return <p className="mt-2 text-sm text-amber-900">We could not charge your card for the next delivery. Our team will contact you.</p>;
  }
  if (subscription.status !== 'active' || !subscription.nextDelivery || subscription.approval) return null;
  return (
    <p className="mt-3 text-sm">
      Next delivery: <strong>{subscription.nextDelivery}</strong>, charged {subscription.price} that day to the card you saved.
    </p>
  );
}

/** Where a membership stands: its next charge and its 5% off tests, the grace period after a decline, or its end. */
function MembershipState({ subscription }: { subscription: Subscription }) {
  if (subscription.status === 'cancelled') {
    return (
      <p className="mt-3 text-sm">
        {subscription.benefits && subscription.accessUntil
          ? `Cancelled: your membership and its 5% off tests last until ${subscription.accessUntil}. Your card will not be charged again.`
          : 'Cancelled: your card will not be charged again.'}
      </p>
    );
  }
  if (subscription.status === 'past_due') {
    return (
      <p className="mt-2 text-sm text-amber-900">
        Your last payment did not go through. We will try your card again; meanwhile your membership and its 5% off tests carry on.
      </p>
    );
  }
  if (subscription.status === 'paused') {
    return (
      <p className="mt-2 text-sm text-amber-900">
        Paused: your card was declined three times, so nothing is charged and your 5% off tests is off until you pay with another card.
      </p>
    );
  }
  return (
    <p className="mt-3 text-sm">
      5% off tests is on.
      {subscription.nextDelivery ? (
        <>
          {' '}
          Next charge: <strong>{subscription.nextDelivery}</strong>, {subscription.price} to the card you saved.
        </>
      ) : null}
    </p>
  );
}
