import { orderedByLine } from '@shop/core';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { RangeCharts } from '../../components/lab-results/range-chart';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { orderResultsAction, orderResultsLoader } from './order-results.server';
import type { Route } from './+types/order-results';

export function loader(args: Route.LoaderArgs) {
  return orderResultsLoader(args);
}

export function action(args: Route.ActionArgs) {
  return orderResultsAction(args);
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    matches,
    title: 'Results to review',
    description: 'A client’s results, for the practitioner who ordered them.',
    path: `/providers/dashboard/orders/${params.id}/results`,
    noIndex: true,
  });

/** The practitioner reads the client's results and, when they are held, releases them with a note. */
export default function ProviderOrderResults({ loaderData }: Route.ComponentProps) {
  const { results } = loaderData;
  const release = useActionForm<FormAnswer>();
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/providers/dashboard" className="text-sm font-semibold text-brand underline">
        Back to the dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold">Results of order #{results.order.number}</h1>
      <p className="mt-2 text-muted">
        {results.orderedBy ? `${orderedByLine(results.orderedBy)} · ` : ''}
        {results.released ? 'Released to the client' : 'Held for your review: the client does not see them yet'}
      </p>
      {results.note ? <p className="mt-4 rounded-xl bg-white p-4 shadow-sm">Your note to the client: {results.note}</p> : null}
      {results.kits.map((kit) => (
        <section key={kit.kitSlug} aria-labelledby={`kit-${kit.kitSlug}`} className="mt-8">
          <h2 id={`kit-${kit.kitSlug}`} className="text-xl font-bold">
            {kit.title}
          </h2>
          {kit.results.length === 0 ? <p className="mt-3 text-muted">No results yet.</p> : <RangeCharts results={kit.results} />}
        </section>
      ))}
      {!results.released && results.kits.some((kit) => kit.results.length > 0) ? (
        <release.fetcher.Form method="post" noValidate className="mt-10 grid gap-3 rounded-2xl bg-white p-5 shadow-sm">
          <h2 className="text-lg font-bold">Release to the client</h2>
          <label htmlFor="release-note" className="text-sm font-semibold">
            A note for your client (optional)
          </label>
          <textarea
            id="release-note"
            name="note"
            rows={4}
            maxLength={2000}
            aria-describedby={release.errors.note ? 'release-note-error' : undefined}
            className="rounded-lg border border-slate-300 p-3"
          />
          {release.errors.note ? (
            <p id="release-note-error" className="text-sm font-medium text-danger">
              {release.errors.note}
            </p>
          ) : null}
          <p className="text-sm text-muted">
            Your client is e-mailed that their results are ready and reads them, with your note, in their account.
          </p>
          <div>
            <Button type="submit" pending={release.pending} pendingLabel="Releasing…">
              Release results
            </Button>
          </div>
        </release.fetcher.Form>
      ) : null}
      {/* outside the form: once released, the form is gone and its answer stays */}
      <div aria-live="polite" className="empty:hidden">
        {release.answer?.message ? <Alert tone={release.answer.ok ? 'info' : 'error'}>{release.answer.message}</Alert> : null}
      </div>
    </section>
  );
}
