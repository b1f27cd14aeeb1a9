import { Form, Link } from 'react-router';
import { billingModeLabels, billingModes, formatMoney } from '@shop/core';
import type { EmployerBank } from '@shop/client';
import { buttonClasses } from '../../components/button';
import { Alert } from '../../components/alert';
import type { GroupPageAnswer } from './employers.server';
import { BILLING_FORM, CORRECTION_FORM, TOP_UP_FORM } from './employers-forms';

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

const kindLabels: Record<EmployerBank['entries'][number]['kind'], string> = {
  top_up: 'Top-up',
  draw: 'Covered order',
  return: 'Returned (order refunded, cancelled or unpaid)',
  guarantee: 'Returned (Improvement Program guarantee)',
  correction: 'Correction',
};

/**
 * A group's billing on its console page: how it pays (monthly invoice or prepaid bank), and the
 * bank's balance, top-ups and ledger. The ledger names orders, never employees.
 */
export function EmployerBankSection({
  bank,
  answerOf,
  sending,
}: {
  bank: EmployerBank;
  answerOf: (form: string) => GroupPageAnswer | undefined;
  sending: (form: string) => boolean;
}) {
  const billing = answerOf(BILLING_FORM);
  const topUp = answerOf(TOP_UP_FORM);
  const topUpErrors = topUp && !topUp.ok ? topUp.errors : {};
  const correction = answerOf(CORRECTION_FORM);
  const correctionErrors = correction && !correction.ok ? correction.errors : {};
  return (
    <section className="mt-8 rounded-2xl bg-white p-5 shadow-sm" aria-label="Billing">
      <h2 className="text-lg font-bold">Billing</h2>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="_form" value={BILLING_FORM} />
        <label className="flex flex-col text-sm font-semibold">
          Billing mode
          <select name="mode" defaultValue={bank.billingMode} className={input}>
            {billingModes.map((mode) => (
              <option key={mode} value={mode}>
                {billingModeLabels[mode]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={sending(BILLING_FORM)}
          className="rounded-full border border-ink px-5 py-2 font-semibold disabled:opacity-60"
        >
          Save billing mode
        </button>
      </Form>
      <p className="mt-2 text-sm text-muted">
        A prepaid group’s covered orders draw on its testing bank and are never invoiced; when the bank cannot cover a test, the employee is
        told so and nothing is ordered. Orders already placed keep how they were paid.
      </p>
      <div aria-live="polite" className="mt-3">
        {billing?.message ? <Alert tone={billing.ok ? 'info' : 'error'}>{billing.message}</Alert> : null}
      </div>
      <p className="mt-4 text-lg">
        Testing bank balance: <strong>{formatMoney(bank.balanceCents)}</strong>
      </p>
      {/* a new ledger line empties the form, so the same transfer is not sent twice; a refusal keeps it to correct */}
      <Form key={bank.entries.length} method="post" className="mt-3 grid max-w-xl gap-3 sm:grid-cols-2" aria-label="Record a top-up">
        <input type="hidden" name="_form" value={TOP_UP_FORM} />
        <label className="flex flex-col text-sm font-semibold">
          Top-up amount ($)
          <input name="amountDollars" inputMode="decimal" required className={input} />
          {topUpErrors.amountCents ? <span className="mt-1 font-medium text-danger">{topUpErrors.amountCents}</span> : null}
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Payment reference
          <input name="reference" required maxLength={120} className={input} />
          {topUpErrors.reference ? <span className="mt-1 font-medium text-danger">{topUpErrors.reference}</span> : null}
        </label>
        <button type="submit" disabled={sending(TOP_UP_FORM)} className={`w-fit ${buttonClasses({ size: 'medium' })}`}>
          {sending(TOP_UP_FORM) ? 'Recording…' : 'Record top-up'}
        </button>
      </Form>
      <div aria-live="polite" className="mt-3">
        {topUp?.message ? <Alert tone={topUp.ok ? 'info' : 'error'}>{topUp.message}</Alert> : null}
      </div>
      {/* money taken off: a top-up recorded wrong, or paid back to the employer; never below zero */}
      <h3 className="mt-6 font-bold">Correct the balance</h3>
      <p className="mt-1 text-sm text-muted">
        Takes money off the bank (a top-up recorded wrong, money paid back to the employer), never more than it holds. The reason shows in
        the ledger.
      </p>
      <Form
        key={`correction-${bank.entries.length}`}
        method="post"
        className="mt-3 grid max-w-xl gap-3 sm:grid-cols-2"
        aria-label="Record a correction"
      >
        <input type="hidden" name="_form" value={CORRECTION_FORM} />
        <label className="flex flex-col text-sm font-semibold">
          Amount to take off ($)
          <input name="amountDollars" inputMode="decimal" required className={input} />
          {correctionErrors.amountCents ? <span className="mt-1 font-medium text-danger">{correctionErrors.amountCents}</span> : null}
        </label>
        <label className="flex flex-col text-sm font-semibold">
          Correction reference
          <input name="reference" required maxLength={120} className={input} />
          {correctionErrors.reference ? <span className="mt-1 font-medium text-danger">{correctionErrors.reference}</span> : null}
        </label>
        <label className="flex flex-col text-sm font-semibold sm:col-span-2">
          Reason
          <input name="reason" required maxLength={500} className={input} />
          {correctionErrors.reason ? <span className="mt-1 font-medium text-danger">{correctionErrors.reason}</span> : null}
        </label>
        <button
          type="submit"
          disabled={sending(CORRECTION_FORM)}
          className="w-fit rounded-full border border-ink px-5 py-2 font-semibold disabled:opacity-60"
        >
          {sending(CORRECTION_FORM) ? 'Recording…' : 'Record correction'}
        </button>
      </Form>
      <div aria-live="polite" className="mt-3">
        {correction?.message ? <Alert tone={correction.ok ? 'info' : 'error'}>{correction.message}</Alert> : null}
      </div>
      {bank.entries.length > 0 ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Testing bank ledger</caption>
          <thead>
            <tr>
              <th className="py-2">When</th>
              <th className="py-2">What</th>
              <th className="py-2">Reference</th>
              <th className="py-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {bank.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-200">
                <td className="py-2">{entry.createdAt.slice(0, 10)}</td>
                <td className="py-2">
                  {kindLabels[entry.kind]}
                  {entry.reason ? <span className="block text-muted">{entry.reason}</span> : null}
                </td>
                <td className="py-2">
                  <EntryReference entry={entry} />
                </td>
                <td className="py-2 text-right">{formatMoney(entry.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4 text-sm text-muted">Nothing in the ledger yet.</p>
      )}
    </section>
  );
}

/** What a ledger line refers to: the order it drew or returned for (by the number people read, opened in the console), or the reference given. */
function EntryReference({ entry }: { entry: { reference: string | null; orderId: string | null; orderNumber: number | null } }) {
  if (entry.reference) return <>{entry.reference}</>;
  if (!entry.orderId || entry.orderNumber === null) return null;
  return (
    <Link to={`/admin/orders/${entry.orderId}`} className="font-semibold text-brand underline">
      Order #{entry.orderNumber}
    </Link>
  );
}
