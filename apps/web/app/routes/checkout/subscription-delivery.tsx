import { Link, redirect } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { ChargeApproval } from '../../components/checkout/charge-approval';
import { serverApi } from '../../lib/api';
import { isUnauthenticated, pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import { deliveryChargeAction } from './subscription-delivery.server';
import type { Route } from './+types/subscription-delivery';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const deliveryId = url.searchParams.get('delivery');
  if (!deliveryId) pageNotFound();
  const api = serverApi(request, context);
  try {
    const [charge, payments] = await Promise.all([api.subscriptionDeliveryCharge(deliveryId), api.paymentsConfig()]);
    return { deliveryId, charge, payments };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    if (isApiError(error) && (error.status === 404 || error.status === 400)) pageNotFound();
    throw error;
  }
}

/** The approval and the bank's check are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return deliveryChargeAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Approve your next charge',
    description: 'Approve the next charge of your test subscription or membership, or pay it with another card.',
    path: '/checkout-subscription-delivery',
    noIndex: true,
  });

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * Where the e-mail sent when a bank held back a subscription delivery's charge leads: the member
 * approves it with the card they saved, going through their bank's check, and the kit ships. A
 * membership's declined renewal leads here too: the member pays with another card, which then
 * pays the next renewals.
 */
export default function CheckoutSubscriptionDelivery({ loaderData }: Route.ComponentProps) {
  const { charge, payments } = loaderData;
  const account = (
    <Link to="/account" className="inline-block font-semibold text-brand underline">
      Go to your account
    </Link>
  );

  if (charge.membership) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-extrabold">Your {charge.title} membership</h1>
        {charge.state === 'paid' ? (
          <div className="mt-6 space-y-4">
            <Alert tone="info">Thank you. The charge of {charge.amount} went through and your membership carries on.</Alert>
            {account}
          </div>
        ) : charge.state === 'nothing_due' ? (
          <div className="mt-6 space-y-4">
            <p className="text-muted">There is no payment waiting on this renewal.</p>
            {account}
          </div>
        ) : charge.reason === 'update_card' ? (
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
            <p>
              Your renewal of {charge.due} for <strong>{charge.amount}</strong> was declined
              {charge.card ? ` by your ${brandNames[charge.card.brand] ?? 'card'} ending in ${charge.card.last4}` : ''}.
            </p>
            <p className="mt-3 text-sm text-muted">
              Pay it with another card: that card is saved for your next renewals. You can also cancel the membership in your account.
            </p>
            <ChargeApproval amount={charge.amount} payments={payments} newCard />
          </div>
        ) : (
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
            <p>
              Your renewal of {charge.due} is due. Your bank asks you to approve the charge of <strong>{charge.amount}</strong>.
            </p>
            <ChargeApproval amount={charge.amount} payments={payments} />
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Your next delivery</h1>
      {charge.state === 'paid' ? (
        <div className="mt-6 space-y-4">
          <Alert tone="info">
            Thank you. The charge of {charge.amount} went through and we are preparing your {charge.title} kit.
          </Alert>
          {account}
        </div>
      ) : charge.state === 'nothing_due' ? (
        <div className="mt-6 space-y-4">
          <p className="text-muted">There is no charge waiting for your approval on this delivery.</p>
          {account}
        </div>
      ) : (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <p>
            Delivery {charge.sequence} of your {charge.title} was due on {charge.due}. Your bank asks you to approve the charge of{' '}
            <strong>{charge.amount}</strong>
            {charge.card ? ` to your ${brandNames[charge.card.brand] ?? 'card'} ending in ${charge.card.last4}` : ''}.
          </p>
          <p className="mt-3 text-sm text-muted">
            Nothing is charged or shipped until you approve. You can also cancel the subscription in your account.
          </p>
          <ChargeApproval amount={charge.amount ?? ''} payments={payments} />
        </div>
      )}
    </section>
  );
}
