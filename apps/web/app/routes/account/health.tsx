import { healthDataConsentTexts, labFileAccept, LAB_UPLOAD_MAX_MB, outsideResultWords, recordFlagLabels } from '@shop/core';
import type { BiomarkerTrendView, HealthRecord, OutsideReport } from '@shop/client';
import { Link } from 'react-router';
import { BackToAccount } from '../../components/account/back-to-account';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TrendChart } from '../../components/lab-results/trend-chart';
import { serverApi } from '../../lib/api';
import { shopDay } from '../../lib/dates';
import { signInFirstWhen } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { webEnv } from '../../lib/web-env';
import { ADD_OUTSIDE_FORM, DELETE_OUTSIDE_FORM } from './health-forms';
import { healthRecordAction } from './health.server';
import type { Route } from './+types/health';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  try {
    const [record, outside] = await Promise.all([api.healthRecord(), api.outsideReports()]);
    const pdfUrls = Object.fromEntries(
      record.timeline.flatMap((entry) =>
        entry.orderId ? [[entry.orderId, api.orderResultsPdfPath(entry.orderId, webEnv().publicApiBaseUrl)]] : [],
      ),
    );
    return { record, pdfUrls, outside };
  } catch (error) {
    signInFirstWhen(error, request);
    throw error;
  }
}

/** A report from another lab, or the deletion of one that waits, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return healthRecordAction(args);
}

export const meta = () => [{ title: 'Your health record | Base' }, { name: 'robots', content: 'noindex' }];

const flagText: Record<BiomarkerTrendView['measurements'][number]['recordFlag'], string> = {
  low: 'text-accent',
  normal: 'text-brand',
  high: 'text-danger',
  critical: 'text-danger',
};

/**
 * The member's lifetime health record: each biomarker they have measured, from every order, as a
 * trend with its ranges and what its flags mean; then the results as they came, order by order,
 * with the note a clinician left on them.
 */
export default function HealthRecordPage({ loaderData }: Route.ComponentProps) {
  const { record, pdfUrls, outside } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <BackToAccount />
      <h1 className="mt-4 text-3xl font-extrabold">Your health record</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Every result from every test you have taken with us, in one place. A flag only means a value sits outside its range; your clinician
        reads your results as a whole.
      </p>
      {record.timeline.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-5 shadow-sm">
          No results yet. When your first results are ready, each biomarker shows here, and every later test adds to it.
        </p>
      ) : (
        <>
          <Biomarkers trends={record.biomarkers} />
          <Timeline timeline={record.timeline} pdfUrls={pdfUrls} />
        </>
      )}
      <OutsideReports reports={outside.reports} consentNeeded={outside.consentNeeded} />
    </section>
  );
}

function Biomarkers({ trends }: { trends: BiomarkerTrendView[] }) {
  return (
    <section aria-labelledby="biomarkers-title" className="mt-10">
      <h2 id="biomarkers-title" className="text-2xl font-bold">
        Your biomarkers over time
      </h2>
      <p className="mt-1 text-sm text-muted">
        On each chart the light band is the reference range; a darker, dashed band is the optimal range, shown only where a medical
        guideline names one.
      </p>
      <div className="mt-6 space-y-8">
        {trends.map((trend) => (
          <BiomarkerTrend key={trend.biomarker} trend={trend} />
        ))}
      </div>
    </section>
  );
}

function BiomarkerTrend({ trend }: { trend: BiomarkerTrendView }) {
  const headingId = `biomarker-${trend.biomarker}`;
  const flagged = trend.measurements.filter((point) => point.explanation !== null);
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-6 shadow-sm">
      <h3 id={headingId} className="text-xl font-bold">
        {trend.title}
      </h3>
      {trend.optimal ? (
        <p className="mt-1 text-sm">
          Optimal: <strong>{trend.optimal.display}</strong> <span className="text-muted">({trend.optimal.source})</span>
        </p>
      ) : null}
      <div className="mt-3">
        <TrendChart trend={trend} />
      </div>
      {/* at 390 px a long lab's name can make the table wider than the card: it scrolls there, not the page */}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{trend.title}: every result</caption>
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-1 pr-3 font-semibold">
                Date
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                From
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Value
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Reference range
              </th>
              <th scope="col" className="py-1 font-semibold">
                Flag
              </th>
            </tr>
          </thead>
          <tbody>
            {trend.measurements.map((point) => (
              <tr key={`${point.orderNumber}-${point.reportedAt}`} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-3 font-semibold sm:whitespace-nowrap">
                  {shopDay(point.reportedAt)}
                </th>
                <td className="py-2 pr-3">
                  {point.outsideLab ? (
                    <>
                      <span className="font-semibold text-accent">{outsideResultWords.marker}</span> · {point.outsideLab}
                    </>
                  ) : (
                    `Order #${point.orderNumber}`
                  )}
                </td>
                <td className="py-2 pr-3 font-bold sm:whitespace-nowrap">{point.display.value}</td>
                <td className="py-2 pr-3 sm:whitespace-nowrap">{point.display.range}</td>
                <td className={`py-2 font-semibold ${flagText[point.recordFlag]}`}>{recordFlagLabels[point.recordFlag]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {flagged.length > 0 ? (
        <div className="mt-4">
          <h4 className="font-semibold">What the flags mean</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {flagged.map((point) => (
              <li key={`${point.orderNumber}-${point.reportedAt}`}>
                <span className={`font-semibold ${flagText[point.recordFlag]}`}>
                  {recordFlagLabels[point.recordFlag]} on {shopDay(point.reportedAt)}:
                </span>{' '}
                {point.explanation}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

const noteHeadings = { practitioner: 'A note from your practitioner', clinician: 'A note from your clinician' } as const;

function Timeline({ timeline, pdfUrls }: { timeline: HealthRecord['timeline']; pdfUrls: Record<string, string> }) {
  return (
    <section aria-labelledby="timeline-title" className="mt-12">
      <h2 id="timeline-title" className="text-2xl font-bold">
        Your results, test by test
      </h2>
      <ol className="mt-4 space-y-6">
        {timeline.map((entry) => (
          <li key={entry.orderId ?? entry.resultSetId} className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="text-lg font-bold">
              {entry.origin === 'outside' ? (
                <>
                  {shopDay(entry.reportedAt)} · <span className="text-accent">{outsideResultWords.marker}</span> · {entry.outsideLab}
                </>
              ) : (
                <>
                  {shopDay(entry.reportedAt)} · Order #{entry.orderNumber}
                </>
              )}
            </h3>
            {entry.note ? (
              <div className="mt-2 rounded-xl bg-brand-soft p-4">
                <p className="font-semibold">{noteHeadings[entry.note.by]}</p>
                <p className="mt-1 whitespace-pre-line">{entry.note.text}</p>
              </div>
            ) : null}
            {entry.kits.map((kit) => (
              <div key={kit.kitTitle} className="mt-3">
                <p className="font-semibold">
                  {entry.origin === 'outside' ? `Entered from the report you uploaded, collected ${shopDay(kit.reportedAt)}` : kit.kitTitle}
                </p>
                <ul className="mt-1 text-sm">
                  {kit.results.map((result) => (
                    <li key={result.biomarker}>
                      {result.title}: <strong>{result.display.value}</strong> ({result.display.range}) · {result.display.flag}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            {entry.orderId ? (
              <p className="mt-3 text-sm">
                <Link to={`/account/orders/${entry.orderId}/results`} className="font-semibold text-brand underline">
                  See the results of order #{entry.orderNumber}
                </Link>
                {' · '}
                <a href={pdfUrls[entry.orderId]} className="font-semibold text-brand underline" download>
                  Download the results of order #{entry.orderNumber} (PDF)
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Reports from other labs: the form that uploads one (with the lab, the collection day and, when
 * none is in force, the consent to collect health data), and the list of those uploaded, each
 * waiting to be entered (and deletable) or in the record.
 */
function OutsideReports({ reports, consentNeeded }: { reports: OutsideReport[]; consentNeeded: boolean }) {
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>(ADD_OUTSIDE_FORM, (_answer, form) =>
    form.reset(),
  );
  const field = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `outside-${name}-error` } : {});
  const error = (name: string) =>
    errors[name] ? (
      <p id={`outside-${name}-error`} className="mt-1 text-sm font-medium text-danger">
        {errors[name]}
      </p>
    ) : null;
  const consent = healthDataConsentTexts.collect_health_data;
  return (
    <section aria-labelledby="outside-title" className="mt-12 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="outside-title" className="text-2xl font-bold">
        {outsideResultWords.addTitle}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Tested somewhere else? Upload the lab’s report and our team enters its values in your record, marked “{outsideResultWords.marker}”
        with the lab’s name. PDF, JPEG or PNG, up to {LAB_UPLOAD_MAX_MB} MB. We e-mail you once they are in.
      </p>
      <fetcher.Form ref={formRef} method="post" encType="multipart/form-data" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="_form" value={ADD_OUTSIDE_FORM} />
        <div>
          <label htmlFor="outside-labName" className="block font-semibold">
            The lab’s name
          </label>
          <input
            id="outside-labName"
            name="labName"
            required
            maxLength={100}
            defaultValue={values.labName}
            className="mt-1 w-full rounded-lg border border-line px-3 py-2"
            {...field('labName')}
          />
          {error('labName')}
        </div>
        <div>
          <label htmlFor="outside-collectedOn" className="block font-semibold">
            The day your sample was collected
          </label>
          <input
            id="outside-collectedOn"
            name="collectedOn"
            type="date"
            required
            defaultValue={values.collectedOn}
            className="mt-1 w-full rounded-lg border border-line px-3 py-2"
            {...field('collectedOn')}
          />
          {error('collectedOn')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="outside-file" className="block font-semibold">
            The lab’s report
          </label>
          <input
            id="outside-file"
            name="file"
            type="file"
            required
            accept={labFileAccept}
            className="mt-1 block w-full text-sm file:mr-4 file:rounded-full file:border-0 file:bg-brand-soft file:px-4 file:py-2 file:font-semibold file:text-brand-dark"
            {...field('file')}
          />
          {error('file')}
        </div>
        {consentNeeded ? (
          <div className="sm:col-span-2">
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="consent" value="yes" required className="mt-1" {...field('consent')} />
              <span>{consent.text}</span>
            </label>
            {error('consent')}
          </div>
        ) : null}
        <div className="sm:col-span-2" aria-live="polite">
          {answer?.ok ? <Alert tone="info">{answer.message}</Alert> : null}
          {answer && !answer.ok && Object.keys(answer.errors).length === 0 && answer.message ? (
            <Alert tone="error">{answer.message}</Alert>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" pending={pending} pendingLabel="Uploading…">
            Upload the report
          </Button>
        </div>
      </fetcher.Form>
      {reports.length > 0 ? (
        <>
          <h3 className="mt-8 text-lg font-bold">Your reports from other labs</h3>
          <ul className="mt-2 divide-y divide-line">
            {reports.map((report) => (
              <OutsideReportRow key={report.id} report={report} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function OutsideReportRow({ report }: { report: OutsideReport }) {
  const { fetcher, answer, pending } = useActionForm<FormAnswer>(DELETE_OUTSIDE_FORM, undefined, report.id);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold">
          {report.labName} · collected {shopDay(`${report.collectedOn}T12:00:00.000Z`)}
        </p>
        <p className="text-sm text-muted">
          {report.file.label} ·{' '}
          <span className={report.status === 'waiting' ? 'font-semibold text-accent' : 'text-brand'}>{report.statusText}</span>
        </p>
        {answer && !answer.ok && answer.message ? <p className="text-sm font-medium text-danger">{answer.message}</p> : null}
      </div>
      {report.status === 'waiting' ? (
        <fetcher.Form method="post" encType="multipart/form-data">
          <input type="hidden" name="_form" value={DELETE_OUTSIDE_FORM} />
          <input type="hidden" name="reportId" value={report.id} />
          <Button type="submit" variant="secondary" pending={pending} pendingLabel="Deleting…">
            Delete <span className="sr-only">the report from {report.labName}</span>
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}
