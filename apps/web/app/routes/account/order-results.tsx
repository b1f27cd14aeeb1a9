import { heldResultsMessage, orderedByLine, programAfterResultsMessages, resultsReleaseMessages } from '@shop/core';
import { redirect } from 'react-router';
import { BackToAccount } from '../../components/account/back-to-account';
import { AddProgramForm } from '../../components/account/add-program-form';
import { RangeCharts } from '../../components/lab-results/range-chart';
import { serverApi } from '../../lib/api';
import { isUnauthenticated, notFoundWhen } from '../../lib/errors';
import { orderAction } from './order.server';
import type { Route } from './+types/order-results';
import { shopDay } from '../../lib/dates';
import { webEnv } from '../../lib/web-env';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  try {
    const results = await api.orderResults(params.id);
    return { results, pdfUrl: api.orderResultsPdfPath(params.id, webEnv().publicApiBaseUrl) };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(new URL(request.url).pathname)}`);
    return notFoundWhen(error);
  }
}

/** The program offered after the results goes in the cart here, as the order page's does, then to checkout. */
export function action(args: Route.ActionArgs) {
  return orderAction(args);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Results of order #${loaderData.results.order.number} | Base` : 'Your results | Base' },
  { name: 'robots', content: 'noindex' },
];

export default function AccountOrderResults({ loaderData }: Route.ComponentProps) {
  const { results, pdfUrl } = loaderData;
  const ready = results.kits.some((kit) => kit.results.length > 0);
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <BackToAccount />
      <h1 className="mt-4 text-3xl font-extrabold">Your results</h1>
      <p className="mt-2 text-muted">
        Order #{results.order.number} · {results.order.statusLabel}
      </p>
      {results.orderedBy ? <p className="mt-1 font-semibold">{orderedByLine(results.orderedBy)}</p> : null}
      {results.released ? null : (
        <p className="mt-4 max-w-2xl rounded-xl bg-white p-4 shadow-sm">
          {results.heldForClinician ? heldResultsMessage : resultsReleaseMessages.withPractitioner}
        </p>
      )}
      {results.note ? (
        <section aria-labelledby="note-heading" className="mt-4 max-w-2xl rounded-xl bg-white p-4 shadow-sm">
          <h2 id="note-heading" className="font-semibold">
            A note from your practitioner
          </h2>
          <p className="mt-1 whitespace-pre-line">{results.note}</p>
        </section>
      ) : null}
      <p className="mt-4 max-w-2xl">
        Each biomarker is shown against its reference range. A flag only means a value sits outside its range; your clinician reads your
        results as a whole.
      </p>
      {ready ? (
        <p className="mt-4">
          <a href={pdfUrl} className="font-semibold text-brand underline" download>
            Download your results (PDF)
          </a>
        </p>
      ) : null}
      {results.programOffer ? <ProgramAfterResults offer={results.programOffer} /> : null}
      {results.kits.length === 0 ? <p className="mt-8 text-muted">Your results are not ready yet: we e-mail you when they are.</p> : null}
      {results.kits.map((kit) => (
        <section key={kit.kitSlug} aria-labelledby={`kit-${kit.kitSlug}`} className="mt-10">
          <h2 id={`kit-${kit.kitSlug}`} className="text-xl font-bold">
            {kit.title}
          </h2>
          {kit.resultsAt ? <p className="text-sm text-muted">Results of {shopDay(kit.resultsAt)}</p> : null}
          {kit.results.length === 0 ? (
            results.released ? (
              <p className="mt-3 text-muted">Not ready yet: we e-mail you when they are.</p>
            ) : null
          ) : (
            <RangeCharts results={kit.results} />
          )}
        </section>
      ))}
    </section>
  );
}

type ProgramOffer = NonNullable<Route.ComponentProps['loaderData']['results']['programOffer']>;

/**
 * The Improvement Program for a starter test bought without it, offered once its results are in:
 * what the values suggest, in the plan's reviewed words, and the program at its price, charged at
 * checkout (the results it follows are already here).
 */
function ProgramAfterResults({ offer }: { offer: ProgramOffer }) {
  return (
    <section aria-labelledby="program-offer-title" className="mt-8 max-w-2xl rounded-2xl bg-brand-soft p-6">
      <h2 id="program-offer-title" className="text-xl font-bold">
        {programAfterResultsMessages.heading}
      </h2>
      <p className="mt-2">{offer.summary}</p>
      {offer.suggestions.length > 0 ? (
        <ul className="mt-3 list-disc space-y-2 pl-5">
          {offer.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3">
        2 months of nutrition and lifestyle plan built on these results, 2 lab retests, a health coach session and shopping lists, for{' '}
        <strong>{offer.price}</strong>, charged today.
      </p>
      <p className="mt-2 text-sm text-muted">{programAfterResultsMessages.note}</p>
      <AddProgramForm offer={offer} />
    </section>
  );
}
