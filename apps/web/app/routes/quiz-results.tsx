import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney, getProduct } from '@shop/core';
import { Alert } from '../components/alert';
import { Button } from '../components/button';
import { browserApi, serverApi } from '../lib/api';
import { messageOf, notFoundWhen } from '../lib/errors';
import type { Route } from './+types/quiz-results';

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (!id) notFoundWhen({ status: 404 });
  const result = await serverApi(request, context)
    .getQuizResult(id!)
    .catch(notFoundWhen);
  return { result };
}

export const meta = ({ data }: Route.MetaArgs) => [{ title: `${data?.result.title ?? 'Your results'} | Base` }];

export default function QuizResults({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const program = getProduct('base-improvement-plan');

  async function addToCart() {
    setPending(true);
    setError(undefined);
    try {
      await browserApi().addToCart({ productCode: 'base-quiz', quizResultId: result.id });
      navigate('/checkout-payment');
    } catch (failure) {
      setError(messageOf(failure));
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Your quiz results</p>
      <h1 className="mt-2 text-3xl lg:text-4xl font-extrabold">{result.title}</h1>
      <div className="mt-8 grid gap-6 md:grid-cols-5">
        <article className="md:col-span-3 rounded-2xl bg-white p-6 shadow-sm">
          <p className="text-sm font-semibold text-muted">Step 1 · Test and find the root cause</p>
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
          <p className="mt-5 text-sm text-muted">
            Step 2 · A 2-month Improvement Program built on your results ({formatMoney(program.priceCents)}, billed only when your
            results arrive). Later · a 3rd test to see what changed.
          </p>
        </article>
        <aside className="md:col-span-2 rounded-2xl bg-white p-6 shadow-sm" aria-label="Price">
          <p className="text-sm text-muted">Starter test</p>
          <p className="text-4xl font-extrabold">{result.starterTest.price}</p>
          <p className="mt-2 text-sm text-muted">Free shipping. HSA/FSA accepted.</p>
          <Button className="mt-6 w-full" onClick={addToCart} pending={pending} pendingLabel="Adding…">
            Add to cart
          </Button>
          {error ? (
            <div className="mt-4">
              <Alert tone="error">{error}</Alert>
            </div>
          ) : null}
        </aside>
      </div>
    </section>
  );
}
