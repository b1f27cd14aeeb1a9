import type { AdminLedgerEntry } from '@shop/client';
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { formText } from '../../lib/form-text';
import { loadForStaff } from '../../lib/staff.server';
import { voidLedgerEntryAction, type VoidEntryAnswer } from './affiliates.server';
import type { Route } from './+types/affiliates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminAffiliates());
}

/** A ledger entry's void, with its reason, is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return voidLedgerEntryAction(args);
}

export const meta = () => [{ title: 'Affiliates | Operator console | Base' }];

const cell = 'px-4 py-3';
const nowrap = 'whitespace-nowrap px-4 py-3';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const kindLabels: Record<string, string> = { affiliate_commission: 'Affiliate commission', member_referral: 'Member referral' };
const entryLabels: Record<string, string> = { earning: 'Earning', clawback: 'Clawback' };

/** One table of the page, with a caption and a line for when it is empty. */
function Table({ caption, headings, empty, children }: { caption: string; headings: string[]; empty: boolean; children: ReactNode }) {
  return (
    <div className="mt-4 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={nowrap}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {empty ? (
            <tr>
              <td colSpan={headings.length} className="px-4 py-6 text-center text-muted">
                Nothing here.
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The console's affiliates: who they are and their codes, the reward ledger (affiliates'
 * commissions and members' referral rewards, newest first) and the payouts. An operator voids a
 * pending entry with a reason; support sees the same and may not.
 */
export default function AdminAffiliates({ loaderData }: Route.ComponentProps) {
  const area = useRouteLoaderData<{ role?: string }>('routes/console/area');
  // one fetcher for every entry's form: the answer stays when its entry is no longer pending
  const { fetcher, formRef, values, ...form } = useActionForm<VoidEntryAnswer>();
  const pending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'entryId') : null;
  // the last answer goes while the next entry is sent
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  if (loaderData.forbidden) return <StaffOnly />;
  const { affiliates, ledger, payouts } = loaderData;
  const canVoid = area?.role === 'operator';

  /** A pending entry's void form: a reason, then the button (a function, not a component: its field keeps what is typed). */
  function voidForm(entry: AdminLedgerEntry) {
    const answered = answer?.entryId === entry.id;
    const error = answered && !answer.ok ? answer.errors.reason : undefined;
    const errorId = `void-error-${entry.id}`;
    return (
      <fetcher.Form ref={answered ? formRef : undefined} method="post" className="flex min-w-64 flex-wrap items-end gap-2">
        <input type="hidden" name="entryId" value={entry.id} />
        <div>
          <label className="flex flex-col text-xs font-semibold">
            Reason to void order #{entry.orderNumber}’s {entry.amount}
            <input
              name="reason"
              required
              minLength={3}
              maxLength={500}
              defaultValue={answered ? values.reason : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-1 w-48 rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal"
            />
          </label>
          {error ? (
            <p id={errorId} className="mt-1 text-xs font-medium text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={pending !== null}
          aria-busy={pending === entry.id}
          className="rounded-full bg-danger px-4 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {pending === entry.id ? 'Voiding…' : 'Void'}
        </button>
      </fetcher.Form>
    );
  }

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Affiliates</h1>
        <p className="mt-2 text-muted">
          Earnings wait in the ledger for the refund window, are approved by the job queue, and paid with the monthly payout.
        </p>
        <div aria-live="polite" className="mt-4 space-y-2">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>

        <h2 className="mt-8 text-xl font-bold">Affiliates and codes</h2>
        <Table
          caption="Affiliates with their codes"
          headings={['Affiliate', 'Status', 'Commission', 'Codes']}
          empty={affiliates.length === 0}
        >
          {affiliates.map((affiliate) => (
            <tr key={affiliate.id}>
              <td className={cell}>{affiliate.name}</td>
              <td className={cell}>{affiliate.status}</td>
              <td className={cell}>{affiliate.commissionPercent}%</td>
              <td className={`${cell} font-mono`}>{affiliate.codes.length > 0 ? affiliate.codes.join(', ') : '—'}</td>
            </tr>
          ))}
        </Table>

        <h2 className="mt-10 text-xl font-bold">Reward ledger</h2>
        <p className="mt-1 text-sm text-muted">
          The latest 200 entries, newest first. Only a pending entry can be voided.
          {canVoid ? '' : ' Voiding belongs to operators.'}
        </p>
        <Table
          caption="Reward ledger entries, newest first"
          headings={['Order', 'For', 'Kind', 'Amount', 'Status', 'Clears', 'Reason', ...(canVoid ? ['Void'] : [])]}
          empty={ledger.length === 0}
        >
          {ledger.map((entry) => (
            <tr key={entry.id}>
              <td className={nowrap}>#{entry.orderNumber}</td>
              <td className={cell}>
                {entry.affiliate ?? 'A member'}
                {entry.code ? <span className="block font-mono text-muted">{entry.code}</span> : null}
              </td>
              <td className={cell}>
                {kindLabels[entry.kind] ?? entry.kind}
                <span className="block text-muted">{entryLabels[entry.entry] ?? entry.entry}</span>
              </td>
              <td className={nowrap}>{entry.amount}</td>
              <td className={cell}>{entry.status}</td>
              <td className={nowrap}>{dateFormat.format(new Date(entry.clearsAt))}</td>
              <td className={`${cell} min-w-48`}>{entry.reason}</td>
              {canVoid ? <td className={cell}>{entry.status === 'pending' ? voidForm(entry) : null}</td> : null}
            </tr>
          ))}
        </Table>

        <h2 className="mt-10 text-xl font-bold">Payouts</h2>
        <Table caption="Payouts, newest first" headings={['Affiliate', 'Period', 'Amount', 'Reference']} empty={payouts.length === 0}>
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={cell}>{payout.affiliate}</td>
              <td className={nowrap}>{payout.period}</td>
              <td className={nowrap}>{payout.amount}</td>
              <td className={`${cell} font-mono`}>{payout.reference ?? '—'}</td>
            </tr>
          ))}
        </Table>
      </section>
    </>
  );
}
