import { Link, redirect } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { ChargeApproval } from '../../components/checkout/charge-approval';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { withoutOrder } from '../../lib/order-loader';
import { pageMeta } from '../../lib/seo';
import { programChargeAction } from './improvement-program.server';
import type { Route } from './+types/improvement-program';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get('order');
  if (!orderId) return withoutOrder(request, context);
  const api = serverApi(request, context);
  try {
    const [charge, payments] = await Promise.all([api.programCharge(orderId), api.paymentsConfig()]);
    return { orderId, charge, payments };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return withoutOrder(request, context);
    throw error;
  }
}

/** The approval and the bank's check are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return programChargeAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Approve your Improvement Program',
    description: 'Approve the charge for your 2-month Improvement Program.',
    path: '/checkout-improvement-program',
    noIndex: true,
  });

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/**
 * Where the e-mail sent when a bank held back the program charge leads: the customer approves it
 * with the card they saved at checkout, going through their bank's check.
 */
export default function CheckoutImprovementProgram({ loaderData }: Route.ComponentProps) {
  const { charge, payments } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Your Improvement Program</h1>
      {charge.state === 'paid' ? (
        <div className="mt-6 space-y-4">
          <Alert tone="info">Thank you. The charge of {charge.amount} went through and your 2-month program is starting.</Alert>
          <Link to="/account" className="inline-block font-semibold text-brand underline">
            Go to your account
          </Link>
        </div>
      ) : charge.state === 'nothing_due' ? (
        <div className="mt-6 space-y-4">
          <p className="text-muted">There is no charge waiting for your approval on order #{charge.orderNumber}.</p>
          <Link to="/account" className="inline-block font-semibold text-brand underline">
            Go to your account
          </Link>
        </div>
      ) : (
        <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
          <p>
            Your starter test results for order #{charge.orderNumber} have arrived. Your bank asks you to approve the charge of{' '}
            <strong>{charge.amount}</strong> for the 2-month Improvement Program
            {charge.card ? ` to your ${brandNames[charge.card.brand] ?? 'card'} ending in ${charge.card.last4}` : ''}.
          </p>
          <p className="mt-3 text-sm text-muted">
            The program includes your nutrition and lifestyle plan, 2 lab retests and health coaching.
          </p>
          <ChargeApproval amount={charge.amount ?? ''} payments={payments} />
        </div>
      )}
    </section>
  );
}
