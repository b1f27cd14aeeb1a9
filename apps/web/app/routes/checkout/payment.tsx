import { data, redirect } from 'react-router';
import { checkoutVariant, employerOfCheckout } from '../../components/checkout/variants';
import { CheckoutPaymentForm } from '../../components/checkout/checkout-payment-form';
import { asUsState } from '../../components/checkout/tested-state';
import { experimentVariant } from '../../lib/experiments.server';
import { pagePath } from '../../lib/page-path';
import { pageMeta } from '../../lib/seo';
import { serverApi } from '../../lib/api';
import { notFoundWhen, pageNotFound } from '../../lib/errors';
import { paymentAction, recurringTerms } from './payment.server';
import type { Route } from './+types/payment';

// The checkout's route, for each of its variants (the plain one and its experiment, the named
// ones, the gift's, an employer's covered one): what the page shows, its action, its title. The
// page itself is `CheckoutPaymentForm`, which pays through the payment controller.

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const [cart, payments, session, signIn, inForce] = await Promise.all([
    api.getCart(),
    api.paymentsConfig(),
    api.session().catch(() => null),
    api.signInOptions(),
    api.healthConsentsInForce(),
  ]);
  const url = new URL(request.url);
  const path = pagePath(request);
  const employerSlug = employerOfCheckout(path, url.searchParams);
  const employer = employerSlug ? await api.employerGroup(employerSlug).catch(notFoundWhen) : null;
  // the plain checkout takes part in the checkout experiment once there is something to pay for;
  // the named variants are fixed
  const shown =
    path === '/checkout-payment' && cart.items.length > 0 && !cart.giftType ? await experimentVariant(request, context, 'checkout') : null;
  const found = checkoutVariant(shown?.variant ?? path, url.searchParams, employer);
  if (!found) pageNotFound();
  const variant = shown ? { ...found, path } : found;
  // a gift is paid for after its delivery form, on the gift checkout; anything else on the others
  const gift = variant.gift && cart.giftType ? (await api.getCartGift()).gift : null;
  if (cart.giftType && !gift?.delivery) throw redirect('/checkout-gift-purchaser');
  if (variant.gift && cart.items.length > 0 && !cart.giftType) throw redirect('/checkout-payment');
  const googleFailed = url.searchParams.get('signInError') === 'google';
  // where Google brings the customer back: this page, as the browser's address bar shows it
  url.searchParams.delete('signInError');
  url.searchParams.delete('_routes');
  const page = {
    cart,
    payments,
    user: session?.user ?? null,
    // the quiz's consent to collect health data, given by this account or browser: not asked again
    collectConsentHeld: inForce.kinds.includes('collect_health_data'),
    google: signIn.google,
    googleFailed,
    variant,
    gift,
    returnTo: path + url.search,
    // where the person tested lives, when the page was sent again without its script
    testedState: asUsState(url.searchParams.get('testedState')) ?? null,
    // the rest of the address's query, kept when the state's form sends the page again
    query: [...url.searchParams].filter(([name]) => name !== 'testedState'),
    // written by the server: the frequencies come with the catalog, which the checkout's first
    // load does without
    recurring: recurringTerms(cart.items),
  };
  return shown ? data(page, { headers: shown.headers }) : page;
}

/**
 * The discount code and the account step are sent here, with or without the page's script; the
 * checkout's own form is answered with why it needs its script (the card goes from it to the gateway).
 */
export function action(args: Route.ActionArgs) {
  return paymentAction(args);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    matches,
    title: loaderData?.variant.heading ?? 'Checkout',
    description: 'Pay for your tests: free shipping, HSA/FSA accepted.',
    path: loaderData?.variant.path ?? '/checkout-payment',
    noIndex: true,
  });

/** What the checkout's page is drawn from, as its loader answers it. */
export type CheckoutPage = Route.ComponentProps['loaderData'];
/** The action's answer to a form of the page sent without its script. */
export type CheckoutSent = Route.ComponentProps['actionData'];

export default function CheckoutPayment({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPaymentForm page={loaderData} sent={actionData} />;
}
