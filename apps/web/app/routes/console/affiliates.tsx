import type { AdminAffiliateApplication, AdminLedgerEntry } from '@shop/client';
import { FRIEND_DISCOUNT_PERCENT } from '@shop/core';
import { useRouteLoaderData } from 'react-router';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { cell, ConsoleTable } from '../../components/console/console-table';
import { RowButton, RowError, RowField, rowInput } from '../../components/console/row-form';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm } from '../../lib/form-answer';
import { formText } from '../../lib/form-text';
import { loadForStaff } from '../../lib/staff.server';
import { affiliatesAction, type ApplicationAnswer, type VoidEntryAnswer } from './affiliates.server';
import type { Route } from './+types/affiliates';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminAffiliates());
}

/** An application's approval or decline, and a ledger entry's void, are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return affiliatesAction(args);
}

export const meta = () => [{ title: 'Affiliates | Operator console | Base' }];

const nowrap = 'whitespace-nowrap px-4 py-3';

const kindLabels: Record<string, string> = {
  affiliate_commission: 'Affiliate commission',
  member_referral: 'Member referral',
  provider_referral: 'Provider referral',
  clinic_fee: 'Clinic fee',
};
const entryLabels: Record<string, string> = { earning: 'Earning', clawback: 'Clawback' };

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm font-normal';

/** A field of an application's forms, its error tied to it. */
function DecisionField({
  label,
  name,
  id,
  error,
  defaultValue,
  multiline,
  type = 'text',
}: {
  label: string;
  name: string;
  id: string;
  error: string | undefined;
  defaultValue?: string;
  multiline?: boolean;
  type?: string;
}) {
  const errorId = `${id}-error`;
  const shared = { id, name, defaultValue, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
  return (
    <div>
      <label htmlFor={id} className="text-xs font-semibold">
        {label}
      </label>
      {multiline ? <textarea rows={3} className={input} {...shared} /> : <input type={type} className={input} {...shared} />}
      <RowError id={errorId} error={error} />
    </div>
  );
}

/**
 * One application: who applied and what they told us; an operator approves it (codes, the
 * landing's banner, heading and introduction, the commission) or declines it with a reason.
 */
function ApplicationCard({
  application,
  canDecide,
  decision,
}: {
  application: AdminAffiliateApplication;
  canDecide: boolean;
  decision: ReturnType<typeof useActionForm<ApplicationAnswer>>;
}) {
  const { fetcher, formRef, values } = decision;
  const answer = fetcher.state === 'submitting' ? undefined : decision.answer;
  const mine = answer?.applicationId === application.id ? answer : undefined;
  const sending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'intent') : null;
  const errors = mine && !mine.ok ? mine.errors : {};
  const approveErrors = mine?.intent === 'approve' ? errors : {};
  const declineErrors = mine?.intent === 'decline' ? errors : {};
  const kept = (name: string, fallback = '') => (mine && !mine.ok ? (values[name] ?? fallback) : fallback);
  const key = application.id;
  return (
    <li className="rounded-2xl bg-white p-5 shadow-sm">
      <h3 className="text-lg font-bold">{application.name}</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">E-mail</dt>
        <dd>{application.email}</dd>
        <dt className="font-semibold">Applied</dt>
        <dd>{shopDay(application.appliedAt)}</dd>
        <dt className="font-semibold">Audience or website</dt>
        <dd className="break-words">{application.website}</dd>
        <dt className="font-semibold">How they would promote</dt>
        <dd className="whitespace-pre-line">{application.promotion}</dd>
      </dl>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {mine && !mine.ok && mine.message ? <Alert tone="error">{mine.message}</Alert> : null}
      </div>
      {canDecide ? (
        <div className="mt-4 grid gap-6 lg:grid-cols-[2fr_1fr]">
          <fetcher.Form ref={mine?.intent === 'approve' ? formRef : undefined} method="post" className="space-y-3">
            <input type="hidden" name="applicationId" value={application.id} />
            <input type="hidden" name="intent" value="approve" />
            <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
              <DecisionField
                label="Codes, separated by commas"
                name="codes"
                id={`codes-${key}`}
                error={approveErrors.codes}
                defaultValue={kept('codes')}
              />
              <DecisionField
                label="Commission (%)"
                name="commissionPercent"
                id={`commission-${key}`}
                type="number"
                error={approveErrors.commissionPercent}
                defaultValue={kept('commissionPercent', '15')}
              />
            </div>
            <DecisionField
              label="Banner on the landing"
              name="banner"
              id={`banner-${key}`}
              error={approveErrors.banner}
              defaultValue={kept('banner', `${FRIEND_DISCOUNT_PERCENT}% off your first test`)}
            />
            <DecisionField
              label="Heading of the landing"
              name="heading"
              id={`heading-${key}`}
              error={approveErrors.heading}
              defaultValue={kept('heading', `Recommended by ${application.name}`)}
            />
            <DecisionField
              label="Introduction on the landing"
              name="intro"
              id={`intro-${key}`}
              multiline
              error={approveErrors.intro}
              defaultValue={kept(
                'intro',
                'Find out what your hormones, vitamins and stress are doing with an at-home test, then follow a plan built on your own results.',
              )}
            />
            <button
              type="submit"
              disabled={sending !== null}
              aria-busy={sending === 'approve'}
              className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
            >
              {sending === 'approve' ? 'Approving…' : `Approve ${application.name}`}
            </button>
          </fetcher.Form>
          <fetcher.Form ref={mine?.intent === 'decline' ? formRef : undefined} method="post" className="space-y-3">
            <input type="hidden" name="applicationId" value={application.id} />
            <input type="hidden" name="intent" value="decline" />
            <DecisionField
              label="Reason to decline (the applicant reads it)"
              name="reason"
              id={`reason-${key}`}
              multiline
              error={declineErrors.reason}
              defaultValue={kept('reason')}
            />
            <button
              type="submit"
              disabled={sending !== null}
              aria-busy={sending === 'decline'}
              className="rounded-full bg-danger px-5 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
            >
              {sending === 'decline' ? 'Declining…' : `Decline ${application.name}`}
            </button>
          </fetcher.Form>
        </div>
      ) : null}
    </li>
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
  // one fetcher for every application's forms: the answer stays when the decided application leaves the list
  const decision = useActionForm<ApplicationAnswer>('application');
  const decided = decision.fetcher.state === 'submitting' ? undefined : decision.answer;
  const pending = fetcher.state !== 'idle' && fetcher.formData ? formText(fetcher.formData, 'entryId') : null;
  // the last answer goes while the next entry is sent
  const answer = fetcher.state === 'submitting' ? undefined : form.answer;
  if (loaderData.forbidden) return <StaffOnly />;
  const { applications, affiliates, ledger, payouts } = loaderData;
  const canVoid = area?.role === 'operator';

  /** A pending entry's void form: a reason, then the button (a function, not a component: its field keeps what is typed). */
  function voidForm(entry: AdminLedgerEntry) {
    const answered = answer?.entryId === entry.id;
    const error = answered && !answer.ok ? answer.errors.reason : undefined;
    const errorId = `void-error-${entry.id}`;
    return (
      <fetcher.Form ref={answered ? formRef : undefined} method="post" className="flex min-w-64 flex-wrap items-end gap-2">
        <input type="hidden" name="entryId" value={entry.id} />
        <RowField label={`Reason to void order #${entry.orderNumber}’s ${entry.amount}`} errorId={errorId} error={error}>
          <input
            name="reason"
            required
            minLength={3}
            maxLength={500}
            defaultValue={answered ? values.reason : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={rowInput}
          />
        </RowField>
        <RowButton tone="danger" disabled={pending !== null} busy={pending === entry.id}>
          {pending === entry.id ? 'Voiding…' : 'Void'}
        </RowButton>
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
          {decided?.ok ? <Alert tone="info">{decided.message}</Alert> : null}
        </div>

        <h2 className="mt-8 text-xl font-bold">Applications</h2>
        <p className="mt-1 text-sm text-muted">
          Oldest first. Approving gives the applicant their codes and opens their dashboard; either way they are told by e-mail.
          {canVoid ? '' : ' Deciding belongs to operators.'}
        </p>
        {applications.length === 0 ? (
          <p className="mt-4 rounded-2xl bg-white px-4 py-6 text-center text-sm text-muted shadow-sm">
            No application waits for a decision.
          </p>
        ) : (
          <ul className="mt-4 space-y-4">
            {applications.map((application) => (
              <ApplicationCard key={application.id} application={application} canDecide={canVoid} decision={decision} />
            ))}
          </ul>
        )}

        <ConsoleTable
          title="Affiliates and codes"
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
        </ConsoleTable>

        <h2 className="mt-10 text-xl font-bold">Reward ledger</h2>
        <p className="mt-1 text-sm text-muted">
          The latest 200 entries, newest first. Only a pending entry can be voided.
          {canVoid ? '' : ' Voiding belongs to operators.'}
        </p>
        <ConsoleTable
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
              <td className={nowrap}>{shopDay(entry.clearsAt)}</td>
              <td className={`${cell} min-w-48`}>{entry.reason}</td>
              {canVoid ? <td className={cell}>{entry.status === 'pending' ? voidForm(entry) : null}</td> : null}
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          title="Payouts"
          caption="Payouts, newest first"
          headings={['Affiliate', 'Period', 'Amount', 'Reference']}
          empty={payouts.length === 0}
        >
          {payouts.map((payout) => (
            <tr key={payout.id}>
              <td className={cell}>{payout.affiliate}</td>
              <td className={nowrap}>{payout.period}</td>
              <td className={nowrap}>{payout.amount}</td>
              <td className={`${cell} font-mono`}>{payout.reference ?? '—'}</td>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
