import { Link } from 'react-router';
import { findEmployerGroup, type EmployerGroupSlug } from '@shop/core';
import { AreaIcon } from '../../components/content/illustrations';
import { pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/b2b';

// how each group is greeted on its page
const groupNames: Record<EmployerGroupSlug, string> = { bolton: 'Bolton', trialmember: 'Trial members' };

export function loader({ params }: Route.LoaderArgs) {
  const group = findEmployerGroup(params.b2b);
  if (!group) pageNotFound();
  return {
    slug: group.slug,
    name: groupNames[group.slug],
    goals: group.goalOptions.map((goal) => ({
      slug: goal.goalName,
      title: goal.title,
      description: goal.description,
      area: goal.area,
      starterTest: goal.starterTest ?? null,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  pageMeta({
    matches,
    title: data ? `${data.name}: your health benefit` : 'Employer group',
    description: 'Your employer covers a lab test and a 2-month program for one goal: preventative health, fatigue or mental health.',
    path: `/b2b/${params.b2b}`,
    noIndex: true,
  });

export default function EmployerGroupPage({ loaderData }: Route.ComponentProps) {
  const { slug, name, goals } = loaderData;
  return (
    <>
      <section className="bg-brand-soft">
        <div className="mx-auto max-w-6xl px-4 py-14 lg:py-20">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">A benefit from your employer · {name}</p>
          <h1 className="mt-2 text-4xl font-extrabold leading-tight lg:text-5xl">Choose the goal you want to work on</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            Your employer covers one lab test for the goal you choose, at home or at a partner lab, and a 2-month program built on your
            results. Your results are yours: your employer never sees them.
          </p>
        </div>
      </section>
      <section aria-labelledby="goals" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="goals" className="text-3xl font-bold">
          Three goals to choose from
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {goals.map((goal) => (
            <li key={goal.slug} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
              <AreaIcon area={goal.area} />
              <h3 className="mt-4 text-xl font-semibold">{goal.title}</h3>
              <p className="mt-2 flex-1 text-muted">{goal.description}</p>
              {goal.starterTest ? <p className="mt-4 text-sm font-semibold">Your test: {goal.starterTest}</p> : null}
              <Link
                to={`/checkout-payment-b2b?group=${encodeURIComponent(slug)}&goal=${encodeURIComponent(goal.slug)}`}
                className="btn btn-primary mt-6"
              >
                Choose {goal.title}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-muted">
          For adults 18 and older in the US. Partner-lab collection is not available in New York; the at-home kit is.
        </p>
      </section>
    </>
  );
}
