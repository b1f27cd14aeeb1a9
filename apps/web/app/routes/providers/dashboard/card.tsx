import { clinicCardAction } from '../dashboard.server';
import { DashboardPage } from '../dashboard-page';
import type { Route } from './+types/card';

/** The clinic card's form: its removal. Sent without the page's script, the dashboard comes back with the answer. */
export function action(args: Route.ActionArgs) {
  return clinicCardAction(args);
}

export default function ProviderDashboardCard() {
  return <DashboardPage />;
}
