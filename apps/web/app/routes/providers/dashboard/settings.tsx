import { settingsAction } from '../dashboard.server';
import { DashboardPage } from '../dashboard-page';
import type { Route } from './+types/settings';

/** The clinic's settings' forms. Sent without the page's script, the dashboard comes back with the answer. */
export function action(args: Route.ActionArgs) {
  return settingsAction(args);
}

export default function ProviderDashboardSettings() {
  return <DashboardPage />;
}
