import { startTransition, useState } from 'react';
import {
  FAST_TRACK_BETTER_CHANCE_PERCENT,
  findGoal,
  formatMoney,
  getArea,
  getProduct,
  getTest,
  isAreaSlug,
  starterTestSummary,
  type ProductCode,
} from '@shop/core';
import type { QuizResult } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { data, redirect } from 'react-router';
import { Button } from '../../components/button';
import { cartAction } from '../../components/cart/cart-store';
import { Dialog } from '../../components/dialog';
import { GiftThisResult } from '../../components/gifts/gift-this-result';
import { CompleteUpsell } from '../../components/results/complete-upsell';
import { billing, plans, resultsLayouts, type PlanId, type ResultsLayoutPath } from '../../components/results/plans';
import { Timeline } from '../../components/results/timeline';
import { serverApi } from '../../lib/api';
import { experimentVariant } from '../../lib/experiments.server';
import { notFoundWhen, pageNotFound } from '../../lib/errors';
import { pagePath } from '../../lib/page-path';
import type { Route } from './+types/quiz-results';

type Shown = Pick<QuizResult, 'title' | 'goal' | 'starterTest' | 'areas' | 'gift'> & { id: string | null };

/** /quiz-results?id=… shows a stored result; /quiz-results/{goal} the recommendation for a goal. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = pagePath(request);
  const layoutPath = (path.startsWith('/quiz-results/') ? '/quiz-results' : path) as ResultsLayoutPath;
  const layout = resultsLayouts[layoutPath] ?? resultsLayouts['/quiz-results'];
  if (params.goal) return { result: resultForGoal(params.goal), layout };
  const id = url.searchParams.get('id');
  const api = serverApi(request, context);
  const result = id ? await api.getQuizResult(id).catch(notFoundOr(null)) : null;
  if (result) {
    // the plain /quiz-results takes part in the results experiment; the named variants are fixed
    if (path !== '/quiz-results') return { result: result as Shown, layout };
    const shown = await experimentVariant(request, context, 'quiz-results');
    const variantLayout = shown.variant in resultsLayouts ? resultsLayouts[shown.variant as ResultsLayoutPath] : layout;
    return data({ result, layout: variantLayout }, { headers: shown.headers });
  }
  // no result named, or one this browser cannot read (a lost cookie, a link from another device):
  // this visitor's latest result on the same page, or the quiz to take one
  const latest = await api.latestQuizResult().catch(notFoundOr(null));
  if (latest && latest.id !== id) throw redirect(`${url.pathname}?id=${encodeURIComponent(latest.id)}`);
  throw redirect('/quiz');
}

/** In a loader: a missing thing is `fallback`; anything else bubbles up as an error. */
function notFoundOr<T>(fallback: T) {
  return (error: unknown): T => {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return fallback;
    return notFoundWhen(error);
  };
}

function resultForGoal(slug: string): Shown {
  const goal = findGoal(slug) ?? pageNotFound();
  return {
    id: null,
    title: `Your ${goal.name} starter plan`,
    areas: [goal.area],
    gift: false,
    goal: { slug: goal.slug, name: goal.name, goalId: goal.goalId },
    starterTest: starterTestSummary(getTest(goal.starterTestId)),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.result.title ?? 'Your results'} | Base` },
  { name: 'description', content: 'The starter test your quiz answers point to, and the plans that build on it.' },
  { name: 'robots', content: 'noindex' },
];

export default function QuizResults({ loaderData }: Route.ComponentProps) {
  const { result, layout } = loaderData;
  const [planId, setPlanId] = useState<PlanId>(layout.defaultPlan);
  const [pending, setPending] = useState<'plan' | 'complete' | null>(null);
  const [fastTrackOpen, setFastTrackOpen] = useState(false);
  const [sampleOpen, setSampleOpen] = useState(false);
  const plan = plans.find((candidate) => candidate.id === planId)!;
  const amounts = billing(plan);
  const fastTrack = getProduct('fast-track');

  /** Adds the chosen products one after another; the cart sidebar opens with them. */
  async function addToCart(codes: ProductCode[], which: 'plan' | 'complete') {
    setFastTrackOpen(false);
    // the button's pending look can wait a frame: the dialog closing and the cart opening with the
    // line being added are what the press must show first, and drawing the page again would delay them
    startTransition(() => setPending(which));
    for (const productCode of codes) {
      const outcome = await cartAction({
        intent: 'add',
        item: { productCode, ...(result.id ? { quizResultId: result.id } : { testId: result.starterTest.id }) },
        title: productCode === 'base-quiz' ? result.starterTest.title : getProduct(productCode).title,
      });
      if (outcome !== 'added') break;
    }
    setPending(null);
  }

  const sections = {
    test: (
      <article key="test" className="rounded-2xl bg-white p-6 shadow-sm">
        <p className="text-sm font-semibold text-muted">Your starter test</p>
        <h2 className="mt-1 text-2xl font-bold">{result.starterTest.title}</h2>
        <p className="mt-3 text-muted">{result.starterTest.overview}</p>
        <h3 className="mt-5 font-semibold">What it measures</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {result.starterTest.biomarkers.map((biomarker) => (
            <li key={biomarker} className="rounded-full bg-brand-soft px-3 py-1 text-sm text-brand-dark">
              {biomarker}
            </li>
          ))}
        </ul>
        {result.areas.length > 0 ? (
          <p className="mt-5 text-sm text-muted">
            Areas your plan will look at:{' '}
            {result.areas
              .filter(isAreaSlug)
              .map((area) => getArea(area).name)
              .join(', ')}
          </p>
        ) : null}
        <button type="button" onClick={() => setSampleOpen(true)} className="mt-5 font-semibold text-brand underline">
          See sample results
        </button>
      </article>
    ),
    plans: (
      <section key="plans" aria-labelledby="plans-title" className="rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="plans-title" className="text-xl font-bold">
          Choose your plan
        </h2>
        <fieldset className="mt-4 space-y-3">
          <legend className="sr-only">Plan</legend>
          {plans.map((option) => (
            <label
              key={option.id}
              className={`block cursor-pointer rounded-xl border-2 p-4 ${option.id === planId ? 'border-brand bg-brand-soft' : 'border-slate-200'}`}
            >
              <span className="flex items-start gap-3">
                <input
                  type="radio"
                  name="plan"
                  value={option.id}
                  checked={option.id === planId}
                  onChange={() => setPlanId(option.id)}
                  className="mt-1 accent-brand"
                />
                <span>
                  <span className="block font-semibold">{option.title}</span>
                  <span className="block text-sm text-muted">{option.description}</span>
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <dl aria-label="Billing summary" className="mt-5 space-y-1 border-t border-slate-200 pt-4 text-sm">
          <div className="flex justify-between text-base font-bold">
            <dt>Due today</dt>
            <dd>{amounts.today}</dd>
          </div>
          {plan.laterCents > 0 ? (
            <>
              <div className="flex justify-between">
                <dt className="text-muted">Billed when your results arrive</dt>
                <dd>{amounts.later}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">Total</dt>
                <dd>{amounts.total}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <p className="mt-3 text-sm text-muted">Free shipping. HSA/FSA accepted.</p>
        <Button className="mt-5 w-full" onClick={() => setFastTrackOpen(true)} pending={pending === 'plan'} pendingLabel="Adding…">
          Add to cart
        </Button>
      </section>
    ),
    timeline: <Timeline key="timeline" />,
    upsell: <CompleteUpsell key="upsell" onAdd={() => addToCart(['base-complete'], 'complete')} pending={pending === 'complete'} />,
  };

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Your quiz results</p>
      <h1 className="mt-2 text-3xl lg:text-4xl font-extrabold">{result.title}</h1>
      <div className="mt-8 space-y-6">
        {result.gift
          ? // a gift quiz's answers describe someone else: what follows is a gift, not a plan for the one who answered
            [sections.test, <GiftThisResult key="gift" areas={result.areas} />]
          : layout.sections.map((section) => sections[section])}
      </div>

      <Dialog
        open={fastTrackOpen}
        // The person asked for the test: closing the offer (Escape, ×) adds it as it is, as "No thanks"
        // does, and the offer says so. A choice closes the dialog too, once it has set this false.
        onClose={() => (fastTrackOpen ? void addToCart(plan.products, 'plan') : undefined)}
        title="Expand your starter test?"
      >
        <p className="text-muted">
          The expanded starter bundle adds more biomarkers to your first test: a {FAST_TRACK_BETTER_CHANCE_PERCENT}% better chance of
          finding issues, from the same sample.
        </p>
        <p className="mt-3 font-semibold">+ {formatMoney(fastTrack.priceCents)}</p>
        <p className="mt-3 text-sm text-muted">No thanks, or closing this, adds your starter test as it is.</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button onClick={() => addToCart([...plan.products, 'fast-track'], 'plan')}>Add fast-track</Button>
          <Button variant="secondary" onClick={() => addToCart(plan.products, 'plan')}>
            No thanks
          </Button>
        </div>
      </Dialog>

      <Dialog open={sampleOpen} onClose={() => setSampleOpen(false)} title="Sample results">
        <p className="text-muted">
          See what a {result.starterTest.title} report looks like: each biomarker with its value, reference range and what a flag means. The
          values in the sample are examples, not yours.
        </p>
        <a
          href={`/api/reports/sample-results/${result.starterTest.id}`}
          download
          className="mt-6 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          Download sample results (PDF)
        </a>
      </Dialog>
    </section>
  );
}
