import { outcomesOfChannel, outreachAgeText, outreachChannelLabels, outreachChannels, outreachOutcomeLabels } from '@shop/core';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDayTime } from '../../lib/dates';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { OUTREACH_ATTEMPT_FORM, RELEASE_RESULTS_FORM } from './result-hold-forms';
import { resultHoldAction } from './result-hold.server';
import type { Route } from './+types/result-hold';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, async () => ({ hold: await serverApi(request, context).adminResultHold(params.id) }));
}

export function action(args: Route.ActionArgs) {
  return resultHoldAction(args);
}

export const meta = () => [{ title: 'Held results | Operator console | Base' }];

/** Every attempt a clinician can record, as one choice: the channel and what came of it. */
const attemptChoices = outreachChannels.flatMap((channel) =>
  outcomesOfChannel[channel].map((outcome) => ({
    value: `${channel}:${outcome}`,
    label: `${outreachChannelLabels[channel]}: ${outreachOutcomeLabels[outcome].toLowerCase()}`,
  })),
);

export default function ResultHold({ loaderData }: Route.ComponentProps) {
  const attemptForm = useActionForm<FormAnswer>(OUTREACH_ATTEMPT_FORM, (_answer, form) => form.reset());
  const releaseForm = useActionForm<FormAnswer>(RELEASE_RESULTS_FORM);
  if (loaderData.forbidden) return <StaffOnly />;
  const { hold } = loaderData;
  const open = hold.status === 'open';
  const answer = releaseForm.answer ?? attemptForm.answer;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-4xl px-4 py-8">
        <p>
          <Link to="/admin" className="font-semibold text-brand underline">
            Console
          </Link>
        </p>
        <h1 className="mt-4 text-3xl font-extrabold [overflow-wrap:anywhere]">
          Held results: order #{hold.orderNumber}, {hold.name || hold.email}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-3">
          <span
            className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${hold.level === 'critical' ? 'bg-red-100 text-danger' : 'bg-amber-100 text-amber-900'}`}
          >
            {hold.level === 'critical' ? 'Critical: call at once' : 'Alert: call by the next day'}
          </span>
          <span className="text-muted">
            {open ? `Held ${outreachAgeText(hold.ageMinutes)}` : 'Released'}
            {hold.overdue ? ' · first attempt overdue' : ''}
          </span>
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">E-mail</dt>
          <dd className="[overflow-wrap:anywhere]">{hold.email}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{hold.phone ?? 'None given with the order'}</dd>
          <dt className="font-semibold">Kit</dt>
          <dd>{hold.kit}</dd>
        </dl>

        <h2 className="mt-8 text-xl font-bold">Values that hold the results</h2>
        <ul className="mt-3 space-y-2">
          {hold.findings.map((finding) => (
            <li key={finding.biomarker} className="rounded-xl bg-white p-4 shadow-sm">
              <span className="font-semibold">{finding.title}</span>: {finding.value}{' '}
              <span className="text-muted">(reference {finding.range})</span>{' '}
              <span className={finding.level === 'critical' ? 'font-bold text-danger' : 'font-semibold text-amber-900'}>
                {finding.level === 'critical' ? 'critical' : 'alert'}
              </span>
            </li>
          ))}
        </ul>

        <h2 className="mt-8 text-xl font-bold">Attempts</h2>
        {hold.attempts.length === 0 ? (
          <p className="mt-2 text-muted">No attempt yet.</p>
        ) : (
          <ol className="mt-3 list-decimal space-y-1 pl-6">
            {hold.attempts.map((attempt) => (
              <li key={attempt.id}>
                {outreachChannelLabels[attempt.channel]}: {outreachOutcomeLabels[attempt.outcome].toLowerCase()}
                {attempt.toNumber ? ` (to ${attempt.toNumber})` : ''} · {shopDayTime(attempt.createdAt)}
              </li>
            ))}
          </ol>
        )}

        <div aria-live="polite" className="mt-6 empty:hidden">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>

        {open ? (
          <>
            <attemptForm.fetcher.Form
              ref={attemptForm.formRef}
              method="post"
              aria-labelledby="record-attempt"
              className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm"
            >
              <h2 id="record-attempt" className="text-xl font-bold">
                Record an attempt
              </h2>
              <input type="hidden" name="_form" value={OUTREACH_ATTEMPT_FORM} />
              <div>
                <label htmlFor="attempt" className="block font-semibold">
                  What you did
                </label>
                <select
                  id="attempt"
                  name="attempt"
                  defaultValue={attemptForm.values.attempt ?? ''}
                  aria-invalid={attemptForm.errors.attempt ? true : undefined}
                  className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                >
                  <option value="">Choose…</option>
                  {attemptChoices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
                {attemptForm.errors.attempt ? <p className="mt-1 text-sm font-medium text-danger">{attemptForm.errors.attempt}</p> : null}
              </div>
              <div>
                <label htmlFor="phone" className="block font-semibold">
                  Number to text
                </label>
                <p id="phone-hint" className="text-sm text-muted">
                  Only for a text; leave empty to use the phone given with the order. The text asks them to call back and says nothing of
                  the results.
                </p>
                <input
                  id="phone"
                  name="phone"
                  type="tel"
                  autoComplete="off"
                  defaultValue={attemptForm.values.phone}
                  aria-describedby="phone-hint"
                  className="mt-1 w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2"
                />
              </div>
              <Button type="submit" pending={attemptForm.pending} pendingLabel="Recording…">
                Record the attempt
              </Button>
            </attemptForm.fetcher.Form>

            <releaseForm.fetcher.Form
              ref={releaseForm.formRef}
              method="post"
              aria-labelledby="release-results"
              className="mt-6 space-y-4 rounded-2xl bg-white p-6 shadow-sm"
            >
              <h2 id="release-results" className="text-xl font-bold">
                Release the results
              </h2>
              <p className={hold.releaseAllowed ? 'text-muted' : 'font-medium text-amber-900'}>
                {hold.releaseMessage ?? 'The rule allows the release: the person can then read their results and is e-mailed once.'}
              </p>
              <input type="hidden" name="_form" value={RELEASE_RESULTS_FORM} />
              <div>
                <label htmlFor="note" className="block font-semibold">
                  Note
                </label>
                <p id="note-hint" className="text-sm text-muted">
                  What the person was told, or how they were written to. Kept sealed with the results.
                </p>
                <textarea
                  id="note"
                  name="note"
                  rows={4}
                  defaultValue={releaseForm.values.note}
                  aria-invalid={releaseForm.errors.note ? true : undefined}
                  aria-describedby={`note-hint${releaseForm.errors.note ? ' note-error' : ''}`}
                  className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
                />
                {releaseForm.errors.note ? (
                  <p id="note-error" className="mt-1 text-sm font-medium text-danger">
                    {releaseForm.errors.note}
                  </p>
                ) : null}
              </div>
              <Button type="submit" pending={releaseForm.pending} pendingLabel="Releasing…">
                Release the results
              </Button>
            </releaseForm.fetcher.Form>
          </>
        ) : (
          <section aria-labelledby="released" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
            <h2 id="released" className="text-xl font-bold">
              Released{hold.release?.at ? ` ${shopDayTime(hold.release.at)}` : ''}
            </h2>
            {hold.release?.note ? <p className="mt-2 whitespace-pre-line">{hold.release.note}</p> : null}
          </section>
        )}
      </section>
    </>
  );
}
