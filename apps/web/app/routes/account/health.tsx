import { recordFlagLabels } from '@shop/core';
import type { BiomarkerTrendView, HealthRecord } from '@shop/client';
import { Link, redirect } from 'react-router';
import { TrendChart } from '../../components/lab-results/trend-chart';
import { serverApi } from '../../lib/api';
import { shopDay } from '../../lib/dates';
import { isUnauthenticated } from '../../lib/errors';
import { webEnv } from '../../lib/web-env';
import type { Route } from './+types/health';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  try {
    const record = await api.healthRecord();
    const pdfUrls = Object.fromEntries(
      record.timeline.map((entry) => [entry.orderId, api.orderResultsPdfPath(entry.orderId, webEnv().publicApiBaseUrl)]),
    );
    return { record, pdfUrls };
  } catch (error) {
    if (isUnauthenticated(error)) {
      const url = new URL(request.url);
      throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
    }
    throw error;
  }
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
  const { record, pdfUrls } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <p>
        <Link to="/account" className="text-sm font-semibold text-brand underline">
          Back to my account
        </Link>
      </p>
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
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">{trend.title}: every result</caption>
        <thead>
          <tr className="border-b border-line text-muted">
            <th scope="col" className="py-1 pr-3 font-semibold">
              Date
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              Order
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
              <td className="py-2 pr-3">#{point.orderNumber}</td>
              <td className="py-2 pr-3 font-bold sm:whitespace-nowrap">{point.display.value}</td>
              <td className="py-2 pr-3 sm:whitespace-nowrap">{point.display.range}</td>
              <td className={`py-2 font-semibold ${flagText[point.recordFlag]}`}>{recordFlagLabels[point.recordFlag]}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
          <li key={entry.orderId} className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="text-lg font-bold">
              {shopDay(entry.reportedAt)} · Order #{entry.orderNumber}
            </h3>
            {entry.note ? (
              <div className="mt-2 rounded-xl bg-brand-soft p-4">
                <p className="font-semibold">{noteHeadings[entry.note.by]}</p>
                <p className="mt-1 whitespace-pre-line">{entry.note.text}</p>
              </div>
            ) : null}
            {entry.kits.map((kit) => (
              <div key={kit.kitTitle} className="mt-3">
                <p className="font-semibold">{kit.kitTitle}</p>
                <ul className="mt-1 text-sm">
                  {kit.results.map((result) => (
                    <li key={result.biomarker}>
                      {result.title}: <strong>{result.display.value}</strong> ({result.display.range}) · {result.display.flag}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
            <p className="mt-3 text-sm">
              <Link to={`/account/orders/${entry.orderId}/results`} className="font-semibold text-brand underline">
                See the results of order #{entry.orderNumber}
              </Link>
              {' · '}
              <a href={pdfUrls[entry.orderId]} className="font-semibold text-brand underline" download>
                Download the results of order #{entry.orderNumber} (PDF)
              </a>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
