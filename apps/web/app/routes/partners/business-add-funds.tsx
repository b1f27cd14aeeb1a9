import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { employerBillingMessages, formatMoney, centsFromDollars } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { CardPaymentForm } from '../../components/payment/card-payment-form';
import { browserApi, serverApi } from '../../lib/api';
import { signInFirstWhen } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/business-add-funds';

/** The prepaid bank's balance and the bounds of a top-up; a request key of its own, the same for every submit of this page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  try {
    const [billing, payments] = await Promise.all([api.businessBilling(), api.paymentsConfig()]);
    return { billing, payments, requestKey: crypto.randomUUID(), refused: null };
  } catch (error) {
    signInFirstWhen(error, request);
    if (isApiError(error) && error.status === 403) return { billing: null, payments: null, requestKey: '', refused: error.message };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Add funds · Employer portal',
    description: 'Add funds to your testing bank by card.',
    path: '/business/portal/billing/add-funds',
    noIndex: true,
  });

export default function BusinessAddFunds({ loaderData }: Route.ComponentProps) {
  const { billing, payments, requestKey, refused } = loaderData;
  const revalidator = useRevalidator();
  const [added, setAdded] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [amountText, setAmountText] = useState('');
  if (!billing || !payments) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Add funds</h1>
        <p className="mt-3 text-muted">{refused} The portal is for the employer admins invited to it.</p>
      </section>
    );
  }
  const cents = () => centsFromDollars(amountText);
  const inBounds = (value: number | null) => value !== null && value >= billing.topUp.minCents && value <= billing.topUp.maxCents;
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">
        <Link to="/business/portal/billing" className="underline">
          Billing
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Add funds to your testing bank</h1>
      <p className="mt-2 text-muted">Funds are added at once; each month’s statement in your portal shows the balance.</p>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        {billing.billingMode !== 'prepaid' ? (
          <Alert tone="warning">{employerBillingMessages.notPrepaid}</Alert>
        ) : added ? (
          <Alert tone="info">
            {added}{' '}
            <Link to="/business/portal/billing" className="font-semibold underline">
              Back to billing
            </Link>
          </Alert>
        ) : (
          <CardPaymentForm
            payments={payments}
            idPrefix="top-up-card"
            label="Add funds by card"
            submitLabel="Add funds"
            pendingLabel="Adding…"
            amount={cents() !== null ? formatMoney(cents()!) : 'the amount you chose'}
            check={() => {
              const message = inBounds(cents()) ? undefined : employerBillingMessages.topUpAmount;
              setAmountError(message);
              return message === undefined;
            }}
            pay={(paymentMethod) => browserApi().topUpBusinessBank({ amountCents: cents() ?? 0, paymentMethod, requestKey })}
            confirm={(paymentId) => browserApi().confirmBusinessPayment(paymentId)}
            onPaid={async (answer) => {
              setAdded(`${formatMoney(answer.amountCents)} added to your testing bank by ${answer.card ?? 'card'}.`);
              await revalidator.revalidate();
            }}
          >
            <Field
              label="Amount (USD)"
              id="top-up-amount"
              inputMode="decimal"
              placeholder="500.00"
              value={amountText}
              onChange={(event) => setAmountText(event.currentTarget.value)}
              hint={`From ${formatMoney(billing.topUp.minCents)} to ${formatMoney(billing.topUp.maxCents)}.`}
              error={amountError}
            />
          </CardPaymentForm>
        )}
      </div>
    </section>
  );
}
