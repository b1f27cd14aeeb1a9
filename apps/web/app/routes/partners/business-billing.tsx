import { Link } from 'react-router';
import { calendarMonth } from '../../lib/dates';
import { employerInvoiceKindLabels, formatMoney, invoicePaidViaLabels, invoiceStanding, stateNames, usStates } from '@shop/core';
import type { BusinessBilling } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field, inputClasses, LabelledControl } from '../../components/field';
import type { ListedInvoice } from '../../components/partners/employer-invoices';
import { serverApi } from '../../lib/api';
import { signInFirstWhen } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { webEnv } from '../../lib/web-env';
import { businessBillingAction } from './business-billing.server';
import { TOP_UP_INVOICE_FORM } from './business-portal-forms';
import type { Route } from './+types/business-billing';

/** The portal's billing: a visitor signs in first; an account that is no employer admin is told so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const publicApi = webEnv().publicApiBaseUrl;
  try {
    const [billing, { invoices }] = await Promise.all([api.businessBilling(), api.businessInvoices()]);
    const listed = invoices.map((invoice) => ({
      ...invoice,
      pdfUrl: invoice.hasPdf ? api.businessInvoicePdfPath(invoice.id, publicApi) : null,
    }));
    // the top-up invoice form's own key, the same for every submit of this page (a double submit asks once)
    return { billing, invoices: listed, today: new Date().toISOString().slice(0, 10), requestKey: crypto.randomUUID(), refused: null };
  } catch (error) {
    signInFirstWhen(error, request);
    if (isApiError(error) && error.status === 403)
      return { billing: null, invoices: [], today: '', requestKey: '', refused: error.message };
    throw error;
  }
}

/** The billing details, or a bank top-up's invoice, sent with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return businessBillingAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Billing · Employer portal',
    description: 'Your group’s billing details, invoices and testing bank.',
    path: '/business/portal/billing',
    noIndex: true,
  });

type PortalInvoice = ListedInvoice & { paidOn: string | null; paidVia: 'transfer' | 'card' | 'issuer' | null };

/** Where an invoice stands, in words: due on its day, overdue, paid on a day and how. */
function standingWords(invoice: PortalInvoice, today: string): string {
  const standing = invoiceStanding(invoice, today);
  if (standing === 'due') return `Open · due ${invoice.dueOn}`;
  if (standing === 'overdue') return `Overdue · was due ${invoice.dueOn}`;
  if (standing === 'paid')
    return `Paid${invoice.paidOn ? ` on ${invoice.paidOn}` : ''}${invoice.paidVia ? ` by ${invoicePaidViaLabels[invoice.paidVia]}` : ''}`;
  return standing === 'void' ? 'Void' : 'Being issued';
}

export default function BusinessBillingPage({ loaderData }: Route.ComponentProps) {
  const { billing, invoices, today, requestKey, refused } = loaderData;
  if (!billing) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Billing</h1>
        <p className="mt-3 text-muted">{refused} The portal is for the employer admins invited to it.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">
        <Link to="/business/portal" className="underline">
          Employer portal
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Billing</h1>
      {billing.billingMode === 'prepaid' ? <Bank billing={billing} requestKey={requestKey} /> : null}
      <h2 className="mt-10 text-xl font-bold">Invoices</h2>
      <p className="mt-1 text-sm text-muted">
        Pay an open invoice by card here, or by bank transfer quoting its number. Each invoice’s PDF names the seller, your billing details
        and how to pay.
      </p>
      <InvoiceList invoices={invoices} today={today} />
      <Transfer billing={billing} />
      <DetailsForm billing={billing} />
    </section>
  );
}

/** The group's invoices, newest first, each with where it stands, its PDF and how to pay it: one card each, at any width. */
function InvoiceList({ invoices, today }: { invoices: PortalInvoice[]; today: string }) {
  if (invoices.length === 0)
    return (
      <p className="mt-3 text-sm text-muted">
        No invoice yet: covered tests are billed after the month ends, once five people or more are behind them.
      </p>
    );
  return (
    <ul aria-label="Invoices, newest first" className="mt-4 space-y-3">
      {invoices.map((invoice) => {
        const overdue = invoiceStanding(invoice, today) === 'overdue';
        return (
          <li
            key={invoice.id}
            aria-label={invoice.number}
            className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-2xl bg-white p-4 shadow-sm"
          >
            <div className="min-w-40 flex-1">
              <p className="font-semibold">
                {invoice.number} · {formatMoney(invoice.totalCents)}
              </p>
              <p className="text-sm text-muted">
                {employerInvoiceKindLabels[invoice.kind]} · {calendarMonth(invoice.period)}
              </p>
            </div>
            <p className={`min-w-40 flex-1 text-sm ${overdue ? 'font-semibold text-danger' : ''}`}>{standingWords(invoice, today)}</p>
            <div className="flex flex-wrap items-center gap-4">
              {invoice.pdfUrl ? (
                <a href={invoice.pdfUrl} className="font-semibold text-brand underline">
                  PDF<span className="sr-only"> of {invoice.number}</span>
                </a>
              ) : null}
              {invoice.status !== 'open' ? null : invoice.hostedUrl ? (
                <a href={invoice.hostedUrl} className="rounded-full bg-brand px-4 py-1.5 font-semibold text-white">
                  Pay online<span className="sr-only"> {invoice.number}</span>
                </a>
              ) : (
                <Link
                  to={`/business/portal/billing/invoices/${invoice.id}/pay`}
                  className="rounded-full bg-brand px-4 py-1.5 font-semibold text-white"
                >
                  Pay by card<span className="sr-only"> {invoice.number}</span>
                </Link>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Bank({ billing, requestKey }: { billing: BusinessBilling; requestKey: string }) {
  const added = billing.payments.filter((payment) => payment.purpose === 'top_up' && payment.status === 'succeeded');
  const topUp = useActionForm<FormAnswer>(TOP_UP_INVOICE_FORM, (_answer, form) => form.reset());
  return (
    <section aria-labelledby="bank-heading" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="bank-heading" className="text-xl font-bold">
        Testing bank
      </h2>
      <p className="mt-2 text-sm text-muted">
        Your employees’ covered tests are paid from it. Add funds by card at any time. Each ended month’s statement, on your portal’s home
        page, shows the balance; we e-mail you when it runs low.
      </p>
      <Link to="/business/portal/billing/add-funds" className="mt-4 inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white">
        Add funds by card
      </Link>
      {added.length > 0 ? (
        <ul className="mt-4 space-y-1 text-sm">
          {added.map((payment) => (
            <li key={payment.id}>
              {payment.at.slice(0, 10)}: {formatMoney(payment.amountCents)} added by {payment.card ?? 'card'}
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className="mt-6 font-bold">Top up by invoice</h3>
      <p className="mt-1 text-sm text-muted">
        For your accounts payable: we issue an invoice of the amount and e-mail it to your group’s admins. Pay it by card here or by bank
        transfer; the bank is credited once it is paid.
      </p>
      <topUp.fetcher.Form
        ref={topUp.formRef}
        method="post"
        noValidate
        aria-label="Top up by invoice"
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="_form" value={TOP_UP_INVOICE_FORM} />
        <input type="hidden" name="requestKey" value={requestKey} />
        <Field
          className="w-full sm:w-56"
          label="Amount to invoice (USD)"
          id="top-up-invoice-amount"
          name="amount"
          inputMode="decimal"
          placeholder="1000.00"
          defaultValue={topUp.values.amount ?? ''}
          hint={`From ${formatMoney(billing.topUp.minCents)} to ${formatMoney(billing.topUp.maxCents)}.`}
          error={topUp.errors.amount}
        />
        <Button type="submit" pending={topUp.pending} pendingLabel="Issuing…" className="py-2">
          Ask for an invoice
        </Button>
      </topUp.fetcher.Form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {topUp.answer?.message ? <Alert tone={topUp.answer.ok ? 'info' : 'error'}>{topUp.answer.message}</Alert> : null}
      </div>
    </section>
  );
}

function Transfer({ billing }: { billing: BusinessBilling }) {
  return (
    <section aria-labelledby="transfer-heading" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="transfer-heading" className="text-lg font-bold">
        Paying by bank transfer
      </h2>
      <p className="mt-1 text-sm text-muted">Send an ACH or wire transfer quoting the invoice number (INV-…) to:</p>
      <dl className="mt-3 space-y-1 text-sm">
        <div>
          <dt className="inline font-semibold">Payee: </dt>
          <dd className="inline">
            {billing.seller.legalName}, {billing.seller.address}
          </dd>
        </div>
      </dl>
      <ul className="mt-2 space-y-1 text-sm">
        {billing.transfer.map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-muted">A transfer shows as paid here once it has arrived and we have matched it.</p>
    </section>
  );
}

function DetailsForm({ billing }: { billing: BusinessBilling }) {
  const details = useActionForm<FormAnswer>();
  const { address, email, poNumber } = billing.details;
  const value = (name: string, kept: string | null | undefined) => details.values[name] ?? kept ?? '';
  return (
    <section aria-labelledby="details-heading" className="mt-8 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="details-heading" className="text-lg font-bold">
        Billing details
      </h2>
      <p className="mt-1 text-sm text-muted">
        Printed on your invoices from the next one on: where they are addressed, your accounts-payable e-mail and, if your accounts payable
        need one, a PO number. Invoices already issued keep what they printed.
      </p>
      <details.fetcher.Form ref={details.formRef} method="post" noValidate className="mt-4 space-y-3" aria-label="Billing details">
        <div className="grid gap-3 sm:grid-cols-6">
          <Field
            className="sm:col-span-6"
            label="Street address"
            id="billing-line1"
            name="line1"
            autoComplete="address-line1"
            defaultValue={value('line1', address?.line1)}
            error={details.errors.line1}
          />
          <Field
            className="sm:col-span-6"
            label="Suite, floor (optional)"
            id="billing-line2"
            name="line2"
            autoComplete="address-line2"
            defaultValue={value('line2', address?.line2)}
            error={details.errors.line2}
          />
          <Field
            className="sm:col-span-3"
            label="City"
            id="billing-city"
            name="city"
            autoComplete="address-level2"
            defaultValue={value('city', address?.city)}
            error={details.errors.city}
          />
          <LabelledControl
            frame={{ label: 'State', error: details.errors.state, hint: undefined, id: 'billing-state', className: 'sm:col-span-1' }}
            control={(wiring) => (
              <select
                {...wiring}
                name="state"
                autoComplete="address-level1"
                defaultValue={value('state', address?.state)}
                className={inputClasses(details.errors.state)}
              >
                <option value="">Choose</option>
                {usStates.map((code) => (
                  <option key={code} value={code} title={stateNames[code]}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          />
          <Field
            className="sm:col-span-2"
            label="ZIP code"
            id="billing-zip"
            name="zip"
            inputMode="numeric"
            autoComplete="postal-code"
            defaultValue={value('zip', address?.zip)}
            error={details.errors.zip}
          />
          <Field
            className="sm:col-span-4"
            label="Accounts-payable e-mail"
            id="billing-email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={value('email', email)}
            error={details.errors.email}
          />
          <Field
            className="sm:col-span-2"
            label="PO number (optional)"
            id="billing-po"
            name="poNumber"
            defaultValue={value('poNumber', poNumber)}
            error={details.errors.poNumber}
          />
        </div>
        <Button type="submit" pending={details.pending} pendingLabel="Saving…" className="py-2">
          Save billing details
        </Button>
        <div aria-live="polite" className="empty:hidden">
          {details.answer?.message ? <Alert tone={details.answer.ok ? 'info' : 'error'}>{details.answer.message}</Alert> : null}
        </div>
      </details.fetcher.Form>
    </section>
  );
}
