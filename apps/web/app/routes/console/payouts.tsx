import type { AdminPayee } from '@shop/client';
import { PAYOUT_THRESHOLD_CENTS, formatMoney } from '@shop/core';
import { useRouteLoaderData } from 'react-router';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { cell, ConsoleTable } from '../../components/console/console-table';
import { RowButton, RowError } from '../../components/console/row-form';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { formText } from '../../lib/form-text';
import { loadForStaff } from '../../lib/staff.server';
import { setPayoutAccountAction, type PayoutAccountAnswer } from './payouts.server';
import type { Route } from './+types/payouts';
import { webEnv } from '../../lib/web-env';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  return loadForStaff(request, async () => {
    const overview = await api.adminPayouts();
    // each month's batch, downloaded by the operator's browser from the API's public address
    const months = [...new Set(overview.payouts.map((payout) => payout.period))];
    const batches = months.map((period) => ({ period, href: api.payoutBatchCsvPath(period, webEnv().publicApiBaseUrl) }));
    return { ...overview, batches };
  });
}

/** A payee's account is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return setPayoutAccountAction(args);
}

export const meta = () => [{ title: 'Payouts | Operator console | Base' }];

const nowrap = 'whitespace-nowrap px-4 py-3';
const kindLabels: Record<AdminPayee['kind'], string> = { affiliate: 'Affiliate', clinic: 'Clinic' };

/**
 * The console's payouts: every affiliate and every clinic the ledger owes, with what is approved
 * and not yet paid and the Stripe account their transfers go to; the payouts of each month, a
 * payout waiting with why; and the month's batch as CSV. An operator sets a payee's account;
 * support sees the same and may not.
 */
export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const area = useRouteLoaderData<{ role?: string }>('routes/console/area');
  // one fetcher for every payee's form: the answer names the payee it is for
  const { fetcher, formRef, values, ...form } = useActionForm<PayoutAccountAnswer>();
  const sending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'payeeId') : null;
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  if (loaderData.forbidden) return <StaffOnly />;
  const { payees, payouts, batches } = loaderData;
  const canSet = area?.role === 'operator';

  /** A payee's account form (a function, not a component: its field keeps what is typed). */
  function accountForm(payee: AdminPayee) {
    const answered = answer?.payeeId === payee.id;
    const error = answered && !answer.ok ? (answer.errors.stripeAccountId ?? answer.errors.payee) : undefined;
    const fieldId = `account-${payee.id}`;
    const errorId = `${fieldId}-error`;
    return (
      <fetcher.Form ref={answered ? formRef : undefined} method="post" className="flex min-w-72 flex-wrap items-end gap-2">
        <input type="hidden" name="payee" value={payee.kind} />
        <input type="hidden" name="payeeId" value={payee.id} />
        <input type="hidden" name="payeeName" value={payee.name} />
        <div>
          <label htmlFor={fieldId} className="text-xs font-semibold">
            {payee.name}’s Stripe account
          </label>
          <input
            id={fieldId}
            name="stripeAccountId"
            required
            placeholder="acct_…"
            defaultValue={answered && !answer.ok ? values.stripeAccountId : (payee.stripeAccountId ?? '')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 block w-52 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
          />
          <RowError id={errorId} error={error} className="max-w-64" />
        </div>
        <RowButton disabled={sending !== null} busy={sending === payee.id}>
          {sending === payee.id ? 'Saving…' : 'Save'}
        </RowButton>
      </fetcher.Form>
    );
  }

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Payouts</h1>
        <p className="mt-2 text-muted">
          Once a month, each affiliate and clinic whose approved earnings come to {formatMoney(PAYOUT_THRESHOLD_CENTS)} or more is paid
          once: affiliates their commissions, clinics their clients’ fees and provider referral rewards.
        </p>
        <div aria-live="polite" className="mt-4">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>

        <h2 className="mt-8 text-xl font-bold">Payees</h2>
        <p className="mt-1 text-sm text-muted">
          With Stripe Connect transfers, a payee is paid into the account set here; a payout waits until there is one.
          {canSet ? '' : ' Setting accounts belongs to operators.'}
        </p>
        <ConsoleTable
          caption="Affiliates and clinics, what they are owed and their payout account"
          headings={['Payee', 'Kind', 'Approved, not paid', 'Stripe account']}
          empty={payees.length === 0}
        >
          {payees.map((payee) => (
            <tr key={`${payee.kind}-${payee.id}`}>
              <td className={cell}>{payee.name}</td>
              <td className={cell}>{kindLabels[payee.kind]}</td>
              <td className={nowrap}>{payee.owed}</td>
              <td className={cell}>{canSet ? accountForm(payee) : <span className="font-mono">{payee.stripeAccountId ?? '—'}</span>}</td>
            </tr>
          ))}
        </ConsoleTable>

        <h2 className="mt-10 text-xl font-bold">Payouts</h2>
        {canSet && batches.length > 0 ? (
          <p className="mt-1 text-sm">
            Batches as CSV:{' '}
            {batches.map((batch, index) => (
              <span key={batch.period}>
                {index > 0 ? ', ' : null}
                <a className="font-semibold text-brand underline" href={batch.href} download>
                  {batch.period}
                </a>
              </span>
            ))}
          </p>
        ) : null}
        <ConsoleTable
          caption="Payouts, newest first"
          headings={['Payee', 'Kind', 'Period', 'Amount', 'Status', 'Reference']}
          empty={payouts.length === 0}
        >
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={cell}>{payout.payee}</td>
              <td className={cell}>{kindLabels[payout.kind]}</td>
              <td className={nowrap}>{payout.period}</td>
              <td className={nowrap}>{payout.amount}</td>
              <td className={cell}>
                {payout.status === 'paid' ? 'Paid' : 'Waiting'}
                {payout.waitingFor ? <span className="block text-muted">{payout.waitingFor}</span> : null}
              </td>
              <td className={`${cell} font-mono`}>{payout.reference ?? '—'}</td>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
