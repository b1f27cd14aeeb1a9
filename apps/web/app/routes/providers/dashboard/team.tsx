import { teamAction } from '../dashboard.server';
import { DashboardPage } from '../dashboard-page';
import type { Route } from './+types/team';

/** The team's forms: invitations, roles, removals and requests to join. Sent without the page's script, the dashboard comes back with the answer. */
export function action(args: Route.ActionArgs) {
  return teamAction(args);
}

export default function ProviderDashboardTeam() {
  return <DashboardPage />;
}
