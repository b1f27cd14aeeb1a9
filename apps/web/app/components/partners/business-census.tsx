import { Form } from 'react-router';
import { CENSUS_HEADER } from '@shop/core';
import type { BusinessCensus } from '@shop/client';
import { Alert } from '../alert';
import { CensusHeader } from './census-header';
import type { PortalAnswer } from '../../routes/partners/business-portal.server';
import { CENSUS_FORM } from '../../routes/partners/business-portal-forms';
import { shopDayTime } from '../../lib/dates';

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

/**
 * The group's census: the version in force, then a file (or pasted CSV) checked first (a dry run
 * that says what would change) and uploaded after. A refused file lists core's reason at each line.
 */
export function CensusSection({
  census,
  answer,
  sending,
}: {
  census: BusinessCensus;
  answer: PortalAnswer | undefined;
  /** which button's sending is under way, if any */
  sending: 'check' | 'upload' | null;
}) {
  const checked = answer?.ok && 'census' in answer && !answer.census.applied ? answer : undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  // what the form shows again: the checked (or refused) census, so "Upload" sends what was checked
  const sentCsv = answer && 'csv' in answer ? (answer.csv ?? '') : '';
  const preview = answer?.ok && 'census' in answer ? answer.census.preview : [];
  return (
    <section className="mt-10" aria-labelledby="census-heading">
      <h2 id="census-heading" className="text-xl font-bold">
        Census
      </h2>
      <p className="mt-1 text-sm text-muted">
        {census.version === 0
          ? 'No census yet: your employees are covered once it lists them.'
          : `Version ${census.version}: ${census.rowCount} ${census.rowCount === 1 ? 'employee' : 'employees'}, uploaded ${shopDayTime(census.uploadedAt ?? new Date(0))} by ${census.uploadedBy ?? 'Base'}.`}
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-4 rounded-2xl bg-white p-5 shadow-sm" aria-label="Census">
        <input type="hidden" name="_form" value={CENSUS_FORM} />
        <p className="text-sm text-muted">
          Send the whole census, one employee a line, under the header <CensusHeader />. Each employee needs an e-mail or an employee ID.
          Check it first: nothing changes until you upload it, and a file with a bad line changes nothing.
        </p>
        <label className="mt-4 flex flex-col text-sm font-semibold">
          Census file (CSV)
          <input name="file" type="file" accept=".csv,text/csv" className="mt-1 text-sm font-normal" />
        </label>
        <label className="mt-4 flex flex-col text-sm font-semibold">
          Or paste the CSV
          <textarea
            // drawn anew with each answer: a file's text comes back to be uploaded as it was checked
            key={answer ? `${String(answer.ok)}:${answer.message ?? ''}:${sentCsv.length}` : 'empty'}
            name="csv"
            rows={8}
            defaultValue={sentCsv}
            placeholder={CENSUS_HEADER}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused?.errors.csv ? 'census-csv-error' : undefined}
            className={`${input} font-mono`}
          />
        </label>
        {refused?.errors.csv ? (
          <p id="census-csv-error" className="mt-1 text-sm font-medium text-danger">
            {refused.errors.csv}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="check"
            disabled={sending !== null}
            className="rounded-full border border-ink px-5 py-2 font-semibold disabled:opacity-60"
          >
            {sending === 'check' ? 'Checking…' : 'Check'}
          </button>
          {checked ? (
            <button
              type="submit"
              name="intent"
              value="upload"
              disabled={sending !== null}
              className="rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60"
            >
              {sending === 'upload' ? 'Uploading…' : 'Upload'}
            </button>
          ) : null}
        </div>
        <div aria-live="polite" className="mt-4">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
          {preview.length > 0 ? (
            <ul className="mt-3 text-sm" aria-label="What changes">
              {preview.map((line, index) => (
                <li key={index}>
                  {changeWords[line.change]}: {line.name}
                </li>
              ))}
            </ul>
          ) : null}
          {refused?.problems && refused.problems.length > 0 ? (
            <table className="mt-3 w-full text-left text-sm" aria-label="Lines to correct">
              <thead>
                <tr className="text-muted">
                  <th className="py-1 pr-3 font-semibold">Line</th>
                  <th className="py-1 pr-3 font-semibold">As in the file</th>
                  <th className="py-1 font-semibold">What to correct</th>
                </tr>
              </thead>
              <tbody>
                {refused.problems.map((problem, index) => (
                  <tr key={index} className="border-t border-slate-200 align-top">
                    <td className="py-1 pr-3">{problem.line ?? '–'}</td>
                    <td className="py-1 pr-3 font-mono break-all">{problem.text ?? ''}</td>
                    <td className="py-1 text-danger">{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

const changeWords = { added: 'Added', removed: 'Removed', changed: 'Details changed' } as const;
