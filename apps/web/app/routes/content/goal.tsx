import { findGoal, getArea, getGoal, goalPages, isAreaSlug, areaPages } from '@shop/core';
import { redirect } from 'react-router';
import { AreaTestingPlan } from '../../components/content/area-page';
import { GoalPageView } from '../../components/content/goal-page';
import { pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/goal';

// /goal/{slug} serves the goal pages and, beside them, the five area testing-plan pages (the
// specification gives those no route of their own; see docs/decisions/0003-area-pages.md).
// "sleep" is both an area and a goal: the area page covers it.
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.goal;
  if (slug === undefined) throw redirect('/all-goals', 301);
  if (isAreaSlug(slug)) return { kind: 'area' as const, slug };
  const goal = findGoal(slug);
  if (!goal) pageNotFound();
  return { kind: 'goal' as const, slug: goal.slug };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const path = `/goal/${loaderData.slug}`;
  if (loaderData.kind === 'area') {
    const area = getArea(loaderData.slug);
    return pageMeta({ matches, title: `${area.name} testing plan`, description: areaPages[area.slug].intro, path });
  }
  const goal = getGoal(loaderData.slug);
  return pageMeta({ matches, title: `${goal.name}: tests and a 2-month plan`, description: goalPages[goal.slug].intro, path });
};

export default function GoalRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'area' ? <AreaTestingPlan area={loaderData.slug} /> : <GoalPageView goal={getGoal(loaderData.slug)} />;
}
