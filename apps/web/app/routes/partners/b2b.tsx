import { Link } from 'react-router';
import { whereTestsAreSold } from '@shop/core';
import { AreaIcon } from '../../components/content/illustrations';
import { serverApi } from '../../lib/api';
import { notFoundWhen } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/b2b';

/** The group comes from the database: an operator sets it up in the console; an unknown one is the 404 page. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return serverApi(request, context).employerGroup(params.b2b).catch(notFoundWhen);
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    matches,
    title: loaderData ? `${loaderData.name}: your health benefit` : 'Employer group',
    description: 'Your employer covers a lab test for one goal: preventative health, fatigue or mental health.',
    path: `/b2b/${params.b2b}`,
    noIndex: true,
  });

export default function EmployerGroupPage({ loaderData }: Route.ComponentProps) {
  const { slug, name, logoText, cover, goals } = loaderData;
  return (
    <>
      <section className="bg-brand-soft">
        <div className="mx-auto max-w-6xl px-4 py-14 lg:py-20">
          <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">
            <span aria-hidden="true" className="mr-2 rounded bg-white px-2 py-1 font-extrabold tracking-widest">
              {logoText}
            </span>
            A benefit from your employer · {name}
          </p>
          <h1 className="mt-2 text-4xl font-extrabold leading-tight lg:text-5xl">Choose the goal you want to work on</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            {cover} for the goal you choose, at home or at a partner lab, once this plan year. Your results are yours: your employer never
            sees them, only how many people took part.
          </p>
        </div>
      </section>
      <section aria-labelledby="goals" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="goals" className="text-3xl font-bold">
          {goals.length === 1 ? 'Your goal' : `${goals.length === 3 ? 'Three' : 'Two'} goals to choose from`}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {goals.map((goal) => (
            <li key={goal.slug} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
              <AreaIcon area={goal.area} />
              <h3 className="mt-4 text-xl font-semibold">{goal.title}</h3>
              <p className="mt-2 flex-1 text-muted">{goal.description}</p>
              <p className="mt-4 text-sm font-semibold">Your test: {goal.starterTest}</p>
              <Link to={`/b2b/${encodeURIComponent(slug)}/${encodeURIComponent(goal.slug)}`} className="btn btn-primary mt-6">
                Choose {goal.title}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-muted">For adults 18 and older in the US. {whereTestsAreSold()}</p>
      </section>
    </>
  );
}
