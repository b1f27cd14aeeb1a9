import { clientsAction } from '../dashboard.server';
import { DashboardPage } from '../dashboard-page';
import type { Route } from './+types/clients';

/** The clients' forms: adding a client, assigning a practitioner. Sent without the page's script, the dashboard comes back with the answer. */
export function action(args: Route.ActionArgs) {
  return clientsAction(args);
}

export default function ProviderDashboardClients() {
  return <DashboardPage />;
}
