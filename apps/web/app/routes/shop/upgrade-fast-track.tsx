import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FAST_TRACK_BETTER_CHANCE_PERCENT, formatMoney, getProduct } from '@shop/core';
import { Button } from '../../components/button';
import { cartAction, useCart } from '../../components/cart/cart-store';
import { OrderSummaryCompact } from '../../components/order-summary-compact';
import { serverApi } from '../../lib/api';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/upgrade-fast-track';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { cart: await serverApi(request, context).getCart() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Fast-track your starter test',
    description: 'Expand your starter test for a better chance of finding what is going on.',
    path: '/upgrade-fast-track',
    noIndex: true,
  });

/** The fast-track upsell: expand the starter test in the cart, or skip it; remove it again at will. */
export default function UpgradeFastTrack({ loaderData }: Route.ComponentProps) {
  const cart = useCart(loaderData.cart) ?? loaderData.cart;
  const navigate = useNavigate();
  const [processing, setProcessing] = useState(false);
  const [justAdded, setJustAdded] = useState(false);
  // the loader's cart is the freshest there is: the header's cart button shows it at once
  useEffect(() => {
    void cartAction({ intent: 'show', cart: loaderData.cart });
  }, [loaderData.cart]);
  const fastTrack = getProduct('fast-track');
  const starter = cart.items.find((item) => item.kind === 'starter');
  const added = cart.items.find((item) => item.productCode === 'fast-track');

  async function add() {
    setProcessing(true);
    const outcome = await cartAction({ intent: 'add', item: { productCode: 'fast-track' }, title: fastTrack.title, openCart: false });
    setJustAdded(outcome === 'added');
    setProcessing(false);
  }

  if (!starter) {
    return (
      <Page>
        <h1 className="text-3xl font-extrabold">Fast-track expands a starter test</h1>
        <p className="mt-3 text-muted">There is no starter test in your cart yet. Take the quiz to find the one for your goal.</p>
        <Link to="/quiz" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
          Take the quiz
        </Link>
      </Page>
    );
  }

  if (processing) {
    return (
      <Page>
        <div role="status" className="flex flex-col items-center py-10 text-center">
          <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand border-t-transparent" />
          <h1 className="mt-6 text-3xl font-extrabold">Order Processing</h1>
          <p className="mt-3 text-muted">Adding fast-track to your {cart.display.firstTest ?? 'starter test'}…</p>
        </div>
      </Page>
    );
  }

  if (added) {
    return (
      <Page>
        <h1 className="text-3xl font-extrabold">{justAdded ? 'Thank you' : 'Fast-track is in your cart'}</h1>
        <p className="mt-3 text-muted">
          Your {cart.display.firstTest ?? 'starter test'} is expanded: more biomarkers from the same sample, for a{' '}
          {FAST_TRACK_BETTER_CHANCE_PERCENT}% better chance of finding issues.
        </p>
        <div className="mt-6">
          <OrderSummaryCompact cart={cart} />
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/checkout-payment" className="rounded-full bg-brand px-6 py-3 text-center font-semibold text-white hover:bg-brand-dark">
            Continue to checkout
          </Link>
          <Button
            variant="secondary"
            onClick={async () => {
              setJustAdded(false);
              await cartAction({ intent: 'remove', itemId: added.id });
            }}
          >
            Remove fast-track
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page>
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Before you check out</p>
      <h1 className="mt-2 text-3xl font-extrabold">Fast-track your {cart.display.firstTest ?? starter.title}</h1>
      <p className="mt-4 text-lg text-muted">
        The expanded starter test adds more biomarkers to your first test, from the same sample: a {FAST_TRACK_BETTER_CHANCE_PERCENT}%
        better chance of finding issues.
      </p>
      <p className="mt-6 text-2xl font-extrabold">+ {formatMoney(fastTrack.priceCents)}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button onClick={add}>Add fast-track</Button>
        <Button variant="secondary" onClick={() => navigate('/checkout-payment')}>
          Skip
        </Button>
      </div>
    </Page>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <section className="mx-auto max-w-2xl px-4 py-12">{children}</section>;
}
