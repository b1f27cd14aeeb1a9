import { Outlet } from 'react-router';
import { pageMeta } from '../../lib/seo';
import { dashboardLoader } from './dashboard.server';
import type { Route } from './+types/dashboard';

// The dashboard's data is this route's; the page is shown by the routes nested under it (the index,
// and each section's route with its own action: dashboard/*.tsx), see providers.routes.ts.
export function loader(args: Route.LoaderArgs) {
  return dashboardLoader(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Provider dashboard',
    description: 'Your clinic’s clients and team.',
    path: '/providers/dashboard',
    noIndex: true,
  });

export default function ProviderDashboard() {
  return <Outlet />;
}
