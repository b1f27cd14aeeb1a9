import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatMoney } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { CardPaymentForm } from '../../components/payment/card-payment-form';
import { browserApi, serverApi } from '../../lib/api';
import { signInFirstWhen } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/business-invoice-pay';

/** One invoice of the admin's group to pay by card: another group's (or an unknown one) is not found. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  try {
    const [invoice, payments] = await Promise.all([api.businessInvoice(params.invoiceId), api.paymentsConfig()]);
    return { invoice, payments };
  } catch (error) {
    signInFirstWhen(error, request);
    if (isApiError(error) && (error.status === 404 || error.status === 403 || error.status === 400))
      throw new Response(error.message, { status: error.status === 403 ? 403 : 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Pay an invoice · Employer portal',
    description: 'Pay your invoice by card.',
    path: '/business/portal/billing',
    noIndex: true,
  });

export default function BusinessInvoicePay({ loaderData }: Route.ComponentProps) {
  const { invoice, payments } = loaderData;
  const revalidator = useRevalidator();
  const [paid, setPaid] = useState<string | null>(null);
  const total = formatMoney(invoice.totalCents);
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">
        <Link to="/business/portal/billing" className="underline">
          Billing
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Invoice {invoice.number}</h1>
      <p className="mt-2 text-muted">
        {total} · issued {invoice.issuedOn} · due {invoice.dueOn}
      </p>
      {invoice.kind === 'bank_top_up' ? (
        <p className="mt-4 text-sm">Bank top-up: your testing bank is credited with {total} once this invoice is paid.</p>
      ) : null}
      <ul className="mt-4 space-y-1 text-sm">
        {invoice.items.map((item) => (
          <li key={item.label}>
            {item.label}: {item.people} people, {formatMoney(item.amountCents)}
          </li>
        ))}
      </ul>
      <div className="mt-6 rounded-2xl bg-white p-5 shadow-sm">
        {paid || invoice.status === 'paid' ? (
          <Alert tone="info">
            {paid ?? `This invoice is paid${invoice.paidOn ? ` (${invoice.paidOn})` : ''}.`}{' '}
            <Link to="/business/portal/billing" className="font-semibold underline">
              Back to billing
            </Link>
          </Alert>
        ) : invoice.status !== 'open' ? (
          <Alert tone="warning">This invoice is {invoice.status}: there is nothing to pay.</Alert>
        ) : invoice.hostedUrl ? (
          <p>
            This invoice is paid on its online page.{' '}
            <a href={invoice.hostedUrl} className="font-semibold text-brand underline">
              Pay {invoice.number} online
            </a>
          </p>
        ) : (
          <CardPaymentForm
            payments={payments}
            idPrefix="invoice-card"
            label={`Pay ${invoice.number} by card`}
            submitLabel={`Pay ${total}`}
            pendingLabel="Paying…"
            amount={total}
            pay={(paymentMethod) => browserApi().payBusinessInvoice(invoice.id, paymentMethod)}
            confirm={(paymentId) => browserApi().confirmBusinessPayment(paymentId)}
            onPaid={async (answer) => {
              setPaid(
                `Paid: ${formatMoney(answer.amountCents)} by ${answer.card ?? 'card'}. A receipt is on its way to your group’s admins.`,
              );
              await revalidator.revalidate();
            }}
          />
        )}
      </div>
    </section>
  );
}
