import { useState } from 'react';
import { Link, redirect, useRevalidator } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { messages } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { handleStripeAction } from '../../components/payment/stripe-card-form';
import { TestAuthentication } from '../../components/payment/test-authentication';
import { browserApi, serverApi } from '../../lib/api';
import { isUnauthenticated, messageOf, pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/improvement-program';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderId = url.searchParams.get('order');
  if (!orderId) pageNotFound();
  const api = serverApi(request, context);
  try {
    const [charge, payments] = await Promise.all([api.programCharge(orderId), api.paymentsConfig()]);
    return { orderId, charge, payments };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    if (isApiError(error) && (error.status === 404 || error.status === 400)) pageNotFound();
    throw error;
  }
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
  const { orderId, charge, payments } = loaderData;
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [testSecret, setTestSecret] = useState<string | null>(null);

  async function approve() {
    setPending(true);
    setError(null);
    const api = browserApi();
    try {
      const started = await api.approveProgramCharge(orderId);
      if ('requiresAction' in started && payments.gateway === 'test') {
        setTestSecret(started.requiresAction.clientSecret);
        return;
      }
      if ('requiresAction' in started) {
        await handleStripeAction(payments.publishableKey ?? '', payments.account, started.requiresAction.clientSecret);
        await api.confirmProgramCharge(orderId);
      }
      await revalidator.revalidate();
    } catch (failure) {
      setError(messageOf(failure, messages.checkoutFailed));
    } finally {
      setPending(false);
    }
  }

  async function answerBank(approveIt: boolean) {
    if (!testSecret) return;
    const api = browserApi();
    try {
      await api.authenticateTestPayment(testSecret, approveIt);
      await api.confirmProgramCharge(orderId);
      await revalidator.revalidate();
    } catch (failure) {
      setError(messageOf(failure, messages.checkoutFailed));
    } finally {
      setTestSecret(null);
      setPending(false);
    }
  }

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
          {error ? (
            <div className="mt-4">
              <Alert tone="error">{error}</Alert>
            </div>
          ) : null}
          <Button
            type="button"
            className="mt-6 w-full"
            pending={pending}
            pendingLabel="Waiting for your bank…"
            onClick={() => void approve()}
          >
            Approve {charge.amount}
          </Button>
        </div>
      )}
      <TestAuthentication
        open={testSecret !== null}
        amount={charge.amount ?? ''}
        onAnswer={answerBank}
        onClose={() => {
          setTestSecret(null);
          setPending(false);
        }}
      />
    </section>
  );
}
