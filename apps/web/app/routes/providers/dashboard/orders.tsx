import { ordersAction } from '../dashboard.server';
import { DashboardPage } from '../dashboard-page';
import type { Route } from './+types/orders';

/** The orders' forms: ordering or drafting tests, and what each order and draft can still do. Sent without the page's script, the dashboard comes back with the answer. */
export function action(args: Route.ActionArgs) {
  return ordersAction(args);
}

export default function ProviderDashboardOrders() {
  return <DashboardPage />;
}
