import { Link, redirect } from 'react-router';
import { REWARD_CLEARING_DAYS } from '@shop/core';
import { EmployerCovers } from '../../components/account/employer-covers';
import { HealthConsents } from '../../components/account/health-consents';
import { SubscriptionList } from '../../components/account/subscription-list';
import { Button } from '../../components/button';
import { SignOutForm } from '../../components/account/member-menu';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { overviewAction } from './overview.server';
import type { Route } from './+types/overview';
import { shopDay, shopDayTime } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const api = serverApi(request, context);
    const [{ orders }, session, referral, { subscriptions }, credit, { reads }, { consents }, { covers }] = await Promise.all([
      api.listOrders(),
      api.session(),
      api.referral(),
      api.subscriptions(),
      api.storeCredit(),
      api.resultsReads(),
      api.healthConsents(),
      api.myEmployerCovers(),
    ]);
    return { orders, email: session?.user.email ?? '', referral, subscriptions, credit, reads, consents, covers };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account');
    throw error;
  }
}

/** Cancelling a test subscription, and withdrawing or giving a consent, are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return overviewAction(args);
}

export const meta = () => [{ title: 'My account | Base' }];

/** Once results are in, the order links to them. */
const resultsStatuses = new Set(['results_ready', 'program_billing', 'program_active', 'retests', 'completed']);
/** While the program runs, the order links to its plan, weeks and shopping lists. */
const programStatuses = new Set(['program_active', 'retests']);

export default function Account({ loaderData }: Route.ComponentProps) {
  const { orders, email, referral, subscriptions, credit, reads, consents, covers } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">My account</h1>
        <SignOutForm>
          {(signingOut) => (
            <Button type="submit" variant="secondary" pending={signingOut} pendingLabel="Signing out…">
              Sign out
            </Button>
          )}
        </SignOutForm>
      </div>
      <p className="mt-2 text-muted [overflow-wrap:anywhere]">Signed in as {email}</p>
      <p className="mt-4">
        <Link to="/account/health" className="font-semibold text-brand underline">
          Health record
        </Link>
        {' · '}
        <Link to="/account/profile" className="font-semibold text-brand underline">
          Medical profile
        </Link>
        {' · '}
        <Link to="/account/password" className="font-semibold text-brand underline">
          Change password
        </Link>
        {' · '}
        <Link to="/account/coaching" className="font-semibold text-brand underline">
          Health coach sessions
        </Link>
        {' · '}
        <Link to="/account/nutritional-plan" className="font-semibold text-brand underline">
          Nutritional plan
        </Link>
        {' · '}
        <Link to="/account/messages" className="font-semibold text-brand underline">
          Messages
        </Link>
        {' · '}
        <Link to="/account/my-data" className="font-semibold text-brand underline">
          Download or delete my data
        </Link>
      </p>
      <EmployerCovers covers={covers} />
      <h2 className="mt-8 text-xl font-bold">Orders</h2>
      {orders.length === 0 ? (
        <p className="mt-4 text-muted">
          No orders yet.{' '}
          <Link to="/quiz" className="font-semibold text-brand underline">
            Take the quiz
          </Link>{' '}
          to find your starter test.
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-5 shadow-sm">
              <div>
                <p className="font-semibold">
                  <Link to={`/account/orders/${order.id}`} className="text-brand underline">
                    Order #{order.number}
                  </Link>
                </p>
                <p className="text-sm text-muted">
                  {shopDay(order.createdAt)} · {order.total}
                </p>
              </div>
              <span className="rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-brand-dark">{order.statusLabel}</span>
              {order.status === 'profile_pending' ? (
                <Link to="/account/profile" className="text-sm font-semibold text-brand underline">
                  Fill in your medical profile
                </Link>
              ) : null}
              {programStatuses.has(order.status) ? (
                <Link to="/account/program" className="text-sm font-semibold text-brand underline">
                  Open your Improvement Program
                </Link>
              ) : null}
              {resultsStatuses.has(order.status) ? (
                <Link to={`/account/orders/${order.id}/results`} className="text-sm font-semibold text-brand underline">
                  See your results
                </Link>
              ) : null}
              {order.status === 'collection_pending' ? (
                <Link to={`/collection?order=${order.id}`} className="text-sm font-semibold text-brand underline">
                  Choose home kit or lab
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="credit-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="credit-title" className="text-xl font-bold">
          Store credit
        </h2>
        <p className="mt-2 text-2xl font-extrabold">{credit.balance}</p>
        <p className="mt-1 text-sm text-muted">
          {credit.balanceCents > 0
            ? 'Taken off what you pay at checkout, over as many orders as it lasts.'
            : 'Gift cards you earn, such as a referral reward, show here and are taken off your next orders.'}
        </p>
        {credit.cards.length > 0 ? (
          <ul className="mt-3 space-y-1 text-sm">
            {credit.cards.map((card) => (
              <li key={card.issuedAt + card.label} className="flex justify-between gap-4">
                <span>
                  {card.label}, {shopDay(card.issuedAt)}
                </span>
                <span>
                  {card.balance} of {card.initial}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {subscriptions.length > 0 ? <SubscriptionList subscriptions={subscriptions} /> : null}
      <HealthConsents consents={consents} />
      <section aria-labelledby="referral-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="referral-title" className="text-xl font-bold">
          Refer a friend
        </h2>
        <p className="mt-2 text-muted">
          Your friend gets {referral.friendDiscount} their first order, and you get a {referral.reward} gift card once their order has
          passed its {REWARD_CLEARING_DAYS}-day refund window.
        </p>
        <p className="mt-4 text-sm">
          Your code: <strong className="font-mono text-base">{referral.code}</strong>
        </p>
        <p className="mt-1 break-all text-sm">
          Your link:{' '}
          <a href={referral.link} className="font-semibold text-brand underline">
            {referral.link}
          </a>
        </p>
        <p className="mt-4 text-sm text-muted">
          {referral.rewards.length === 0 ? 'No rewards yet.' : referralProgress(referral.rewards, referral.earnedTotal)}
        </p>
      </section>
      <section aria-labelledby="results-reads-title" className="mt-10 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="results-reads-title" className="text-xl font-bold">
          Who read your results
        </h2>
        <p className="mt-2 text-muted">Every time someone at Base opens your results, it is recorded. Your own reads are not listed.</p>
        {reads.length === 0 ? (
          <p className="mt-4 text-sm">No one at Base has read your results.</p>
        ) : (
          <ul className="mt-4 space-y-1 text-sm">
            {reads.map((read, index) => (
              <li key={`${read.at}-${index}`}>
                {roleLabels[read.role] ?? read.role}
                {read.initials ? ` ${read.initials}` : ''}, {shopDayTime(read.at)}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** The staff roles as a member reads them. */
const roleLabels: Record<string, string> = {
  clinician: 'Clinician',
  coach: 'Health coach',
  support: 'Support',
  operator: 'Operator',
  provider_admin: 'Your clinic',
  provider_staff: 'Your clinic',
};

/** How a member's referrals stand: how many friends ordered, what was earned, and what still waits for its refund window. */
function referralProgress(rewards: readonly { status: string }[], earnedTotal: string): string {
  const friends = `${rewards.length} ${rewards.length === 1 ? 'friend has' : 'friends have'} ordered: ${earnedTotal} earned`;
  const waiting = rewards.filter((reward) => reward.status === 'pending').length;
  return waiting === 0 ? `${friends}.` : `${friends}, ${waiting} ${waiting === 1 ? 'reward' : 'rewards'} waiting for the refund window.`;
}
