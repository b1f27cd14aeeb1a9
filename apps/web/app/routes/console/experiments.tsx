import { formatMoney } from '@shop/core';
import { Form, useActionData, useNavigation, useRouteLoaderData } from 'react-router';
import { buttonClasses } from '../../components/button';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import type { FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { END_EXPERIMENT_FORM, VARIANT_OFF_FORM } from './experiment-forms';
import { experimentAction } from './experiments.server';
import type { Route } from './+types/experiments';
import { calendarDay, shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  return loadForStaff(request, () => api.adminExperiments());
}

export function action(args: Route.ActionArgs) {
  return experimentAction(args);
}

export const meta = () => [{ title: 'Experiments | Operator console | Base' }];

type Report = Extract<Route.ComponentProps['loaderData'], { forbidden: false }>['experiments'][number];

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const points = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value * 100).toFixed(1)} pts`;

export default function AdminExperiments({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<FormAnswer>();
  const area = useRouteLoaderData<{ role?: string }>('routes/console/area');
  if (loaderData.forbidden) return <StaffOnly />;
  // the API decides; the page offers the operator's actions to operators only
  const operator = area?.role === 'operator';
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Experiments</h1>
        <p className="mt-2 max-w-3xl text-muted">
          Visitors are counted from the first time a page shows them their variant; bots never are. Conversion rates have 95% Wilson
          intervals, differences to the control 95% Newcombe intervals: a difference whose interval holds zero is not yet a winner.
        </p>
        {answer ? (
          <div className="mt-4">
            <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert>
          </div>
        ) : null}
        {loaderData.experiments.map((experiment) => (
          <ExperimentCard key={experiment.id} experiment={experiment} operator={operator} />
        ))}
      </section>
    </>
  );
}

function ExperimentCard({ experiment, operator }: { experiment: Report; operator: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const mismatch = experiment.sampleRatio?.mismatch === true;
  const metrics = experiment.variants[0]?.metrics ?? [];
  const shownAfterEnd = experiment.variants.find((variant) => variant.key === (experiment.defaultVariant ?? experiment.variants[0]?.key));
  const table = (
    <div className="mt-4 relative overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-4">
              Variant
            </th>
            <th scope="col" className="py-2 pr-4">
              Visitors exposed
            </th>
            {metrics.map((metric) => (
              <th scope="col" key={metric.metric} className="py-2 pr-4">
                {metric.label}
                {metric.metric === experiment.primaryMetric ? ' (primary)' : ' (guardrail)'}
              </th>
            ))}
            <th scope="col" className="py-2 pr-4">
              Revenue per visitor
            </th>
            {operator && experiment.running ? <th scope="col" className="py-2" /> : null}
          </tr>
        </thead>
        <tbody>
          {experiment.variants.map((variant, index) => (
            <tr key={variant.key} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {variant.label}
                {variant.disabled ? <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs">off</span> : null}
              </th>
              <td className="py-2 pr-4">{variant.exposed}</td>
              {variant.metrics.map((metric) => (
                <td key={metric.metric} className="py-2 pr-4">
                  <div>
                    {metric.conversions} · {metric.rate === null ? '—' : percent(metric.rate)}
                  </div>
                  {metric.interval ? (
                    <div className="text-xs text-muted">
                      95% CI {percent(metric.interval.low)} to {percent(metric.interval.high)}
                    </div>
                  ) : null}
                  {metric.difference ? (
                    <div className="text-xs">
                      {points(metric.difference.value)} vs control ({points(metric.difference.interval.low)} to{' '}
                      {points(metric.difference.interval.high)})
                    </div>
                  ) : index === 0 ? (
                    <div className="text-xs text-muted">control</div>
                  ) : null}
                </td>
              ))}
              <td className="py-2 pr-4">{variant.revenuePerVisitorCents === null ? '—' : formatMoney(variant.revenuePerVisitorCents)}</td>
              {operator && experiment.running ? (
                <td className="py-2">
                  {index > 0 && !variant.disabled ? (
                    <Form method="post">
                      <input type="hidden" name="_form" value={VARIANT_OFF_FORM} />
                      <input type="hidden" name="experimentId" value={experiment.id} />
                      <input type="hidden" name="variant" value={variant.key} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold"
                      >
                        Turn off {variant.label}
                      </button>
                    </Form>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <article aria-labelledby={`experiment-${experiment.id}`} className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`experiment-${experiment.id}`} className="text-xl font-bold">
          {experiment.name}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-xs font-semibold ${experiment.running ? 'bg-brand-soft text-brand-dark' : 'bg-slate-200'}`}
        >
          {experiment.running ? 'Running' : 'Ended'}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        {experiment.id} · on {experiment.pages.join(', ')} · from {calendarDay(experiment.start)}
        {experiment.endedAt ? ` · ended ${shopDay(experiment.endedAt)}; everyone sees ${shownAfterEnd?.label ?? ''}` : ''}
      </p>
      {mismatch ? (
        <div className="mt-4">
          <Alert tone="warning">
            Sample ratio mismatch: the visitors are not split as the weights say (χ² = {experiment.sampleRatio!.statistic.toFixed(2)}, p ={' '}
            {experiment.sampleRatio!.pValue.toExponential(1)}). Something assigns or counts wrongly, so the results cannot be trusted.
          </Alert>
          <details className="mt-2">
            <summary className="cursor-pointer text-sm font-semibold">Show the untrustworthy results anyway</summary>
            {table}
          </details>
        </div>
      ) : (
        <>
          {table}
          <p className="mt-2 text-xs text-muted">
            Sample ratio check:{' '}
            {experiment.sampleRatio
              ? `χ² = ${experiment.sampleRatio.statistic.toFixed(2)}, p = ${experiment.sampleRatio.pValue.toFixed(3)}`
              : 'no visitors yet'}
          </p>
        </>
      )}
      {operator && experiment.running ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="_form" value={END_EXPERIMENT_FORM} />
          <input type="hidden" name="experimentId" value={experiment.id} />
          <label className="flex flex-col text-sm font-semibold">
            Everyone sees from now on
            <select
              name="defaultVariant"
              defaultValue={experiment.variants[0]?.key}
              className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal"
            >
              {experiment.variants.map((variant) => (
                <option key={variant.key} value={variant.key}>
                  {variant.label}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={busy} className={buttonClasses({ size: 'medium' })}>
            End the experiment
          </button>
        </Form>
      ) : null}
    </article>
  );
}
