import { Link } from 'react-router';
import { formatMoney, getProduct, goals } from '@shop/core';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'At-home health tests with a plan that follows your results',
    description: 'Find the root cause with an at-home or partner-lab test, then follow a 2-month Improvement Program built on your results.',
    path: '/',
  });

const steps = [
  { title: 'Take the quiz', text: 'Two minutes on your goal and how you feel. We recommend one starter test.' },
  { title: 'Test at home or at a lab', text: 'A finger-prick or saliva kit arrives in 2–5 business days, or visit a partner lab for 15–20 minutes.' },
  { title: 'Get results and a plan', text: 'Results in about 5 business days after the lab receives your sample, then a 2-month program with 2 retests.' },
];

export default function Home() {
  const starter = getProduct('base-quiz');
  return (
    <>
      <section className="bg-brand-soft">
        <div className="mx-auto max-w-6xl px-4 py-16 lg:py-24 grid gap-10 lg:grid-cols-2 items-center">
          <div>
            <h1 className="text-4xl lg:text-5xl font-extrabold leading-tight">Test what is going on inside. Then fix it.</h1>
            <p className="mt-5 text-lg text-muted">
              Start with one lab test chosen for your goal, from {formatMoney(starter.priceCents)}. When your results arrive, a
              2-month Improvement Program turns them into meals, habits and retests.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/quiz" className="rounded-full bg-brand px-7 py-3.5 font-semibold text-white hover:bg-brand-dark">
                Take the quiz
              </Link>
            </div>
            <p className="mt-4 text-sm text-muted">Free shipping · HSA/FSA accepted · Adults 18+ in the US</p>
          </div>
          <ul className="grid grid-cols-2 gap-3" aria-label="Health goals">
            {goals.map((goal) => (
              <li key={goal.slug} className="rounded-xl bg-white p-4 shadow-sm">
                <p className="font-semibold">{goal.name}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="how">
        <h2 id="how" className="text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <p className="text-sm font-bold text-brand">Step {index + 1}</p>
              <h3 className="mt-2 text-xl font-semibold">{step.title}</h3>
              <p className="mt-2 text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
