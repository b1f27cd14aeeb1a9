import { DashboardPage } from '../dashboard-page';

/** The dashboard at /providers/dashboard; its sections' forms go to the routes beside this one. */
export default function ProviderDashboardHome() {
  return <DashboardPage />;
}
