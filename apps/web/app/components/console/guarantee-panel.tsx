import type { AdminOrder } from '@shop/client';
import { guaranteeMethodLabels, guaranteeMethods, PROGRAM_GUARANTEE_TERMS } from '@shop/core';
import { Alert } from '../alert';
import { useActionForm } from '../../lib/form-answer';
import { GUARANTEE_FORM, type OrderActionAnswer } from './order-forms';
import { shopDayTime } from '../../lib/dates';

/**
 * The Improvement Program's guarantee on a program order's console page: what it would give back,
 * and for an operator the form that applies it (a reason, and a refund to the card or store
 * credit), sent to the order page's action with or without the page's script. Once applied, what
 * went where.
 */
export function GuaranteePanel({ order }: { order: AdminOrder }) {
  const form = useActionForm<OrderActionAnswer>(GUARANTEE_FORM);
  const { guarantee } = order;
  if (!guarantee) return null;
  const action = order.actions.find((entry) => entry.action === GUARANTEE_FORM);
  const answer = form.pending ? undefined : form.answer;
  const errors = form.errors;
  const applied = guarantee.applied;
  // an order the employer covered whole: nothing of the member's to give back, so no choice to make
  const memberPaid = guarantee.amountCents > 0;

  return (
    <section aria-labelledby="guarantee-title" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="guarantee-title" className="text-lg font-bold">
        Program guarantee
      </h2>
      <p className="mt-1 text-sm text-muted">Terms: {PROGRAM_GUARANTEE_TERMS}.</p>
      <div aria-live="polite" className="mt-3 space-y-2">
        {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
      </div>
      {applied ? (
        <p className="mt-3 text-sm">
          Applied {shopDayTime(applied.at)}:{' '}
          {memberPaid ? (
            <>
              <span className="font-semibold">{applied.amount}</span>{' '}
              {applied.method === 'refund' ? 'refunded to the card' : 'given as store credit'}
              {guarantee.employerAmount ? `; ${guarantee.employerAmount} back to the employer that paid for the tests` : ''}.
            </>
          ) : (
            <>
              <span className="font-semibold">{guarantee.employerAmount}</span> back to the employer that paid for the tests.
            </>
          )}
        </p>
      ) : !memberPaid ? (
        <p className="mt-3 text-sm">
          The member paid nothing for the program’s tests: their employer paid{' '}
          <span className="font-semibold">{guarantee.employerAmount}</span>, which goes back to the employer.
        </p>
      ) : (
        <p className="mt-3 text-sm">
          Paid for the program’s tests: <span className="font-semibold">{guarantee.amount}</span>
          {guarantee.employerAmount ? (
            <>
              {' '}
              by the member, and <span className="font-semibold">{guarantee.employerAmount}</span> by their employer, which gets it back
              (never the member)
            </>
          ) : null}
        </p>
      )}
      {guarantee.message ? <p className="mt-2 text-sm text-muted">{guarantee.message}</p> : null}
      {guarantee.refundStarted ? (
        <Alert tone="warning">A refund to the card was started and did not finish: apply it again as a refund to finish it.</Alert>
      ) : null}
      {action ? (
        <form.fetcher.Form ref={form.formRef} method="post" className="mt-4 space-y-3">
          <input type="hidden" name="_form" value={GUARANTEE_FORM} />
          <div>
            <label htmlFor="guarantee-reason" className="text-sm font-semibold">
              Why the guarantee applies (required)
            </label>
            <textarea
              id="guarantee-reason"
              name="reason"
              required
              maxLength={500}
              rows={3}
              defaultValue={form.values.reason}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? 'guarantee-reason-error' : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {errors.reason ? (
              <p id="guarantee-reason-error" className="mt-1 text-sm font-medium text-danger">
                {errors.reason}
              </p>
            ) : null}
          </div>
          {memberPaid ? (
            <fieldset aria-describedby={errors.method ? 'guarantee-method-error' : undefined}>
              <legend className="text-sm font-semibold">Give {guarantee.amount} back as</legend>
              <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
                {guaranteeMethods.map((method) => (
                  <label key={method} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="method" value={method} required defaultChecked={form.values.method === method} />
                    {guaranteeMethodLabels[method]}
                  </label>
                ))}
              </div>
              {errors.method ? (
                <p id="guarantee-method-error" className="mt-1 text-sm font-medium text-danger">
                  {errors.method}
                </p>
              ) : null}
            </fieldset>
          ) : (
            // the API asks for a choice; with nothing of the member's to give back, neither is used
            <input type="hidden" name="method" value="store_credit" />
          )}
          <button
            type="submit"
            disabled={!action.allowed || form.pending}
            aria-busy={form.pending}
            className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white disabled:cursor-not-allowed disabled:opacity-50"
          >
            {form.pending ? 'Working…' : 'Apply the guarantee'}
          </button>
          {!action.allowed ? <p className="text-sm text-muted">Only an operator may apply the guarantee.</p> : null}
        </form.fetcher.Form>
      ) : null}
    </section>
  );
}
