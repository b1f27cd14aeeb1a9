import { areas, getTest, goals } from '@shop/core';
import { Link } from 'react-router';
import { AreaIcon } from '../../components/content/illustrations';
import { PageHero } from '../../components/content/page-hero';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/all-goals';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'All health goals',
    description: 'Every goal and area we test for, with the starter test for each.',
    path: '/all-goals',
  });

export default function AllGoals() {
  return (
    <>
      <PageHero title="All health goals" intro="Choose a goal to see its starter test, or an area to see its whole testing plan." />
      <section aria-labelledby="goals" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="goals" className="text-3xl font-bold">
          Goals
        </h2>
        <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {goals.map((goal) => (
            <li key={goal.slug}>
              <Link
                to={`/goal/${goal.slug}`}
                className="flex h-full flex-col rounded-2xl bg-white p-5 shadow-sm hover:ring-2 hover:ring-brand"
              >
                <AreaIcon area={goal.area} />
                <h3 className="mt-3 text-lg font-semibold">{goal.name}</h3>
                <p className="mt-1 flex-1 text-sm text-muted">{goal.description}</p>
                <p className="mt-3 text-sm font-semibold text-brand-dark">{getTest(goal.starterTestId).title}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="areas" className="mx-auto max-w-6xl px-4 pb-14">
        <h2 id="areas" className="text-3xl font-bold">
          Areas
        </h2>
        <ul className="mt-6 flex flex-wrap gap-3">
          {areas.map((area) => (
            <li key={area.slug}>
              <Link
                to={`/goal/${area.slug}`}
                className="inline-block rounded-full border border-brand bg-white px-5 py-2 font-semibold text-brand-dark hover:bg-brand-soft"
              >
                {area.name} testing plan
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
