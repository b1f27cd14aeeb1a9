import type { ProviderDashboard } from '@shop/client';
import { card } from './dashboard-ui';

/** The clinic's figures at the top of the dashboard; the team's are for admins. */
export function Summary({ dashboard }: { dashboard: ProviderDashboard }) {
  const { figures } = dashboard;
  const items = [
    [
      'Clients',
      figures.clients,
      dashboard.me.role === 'practitioner' && !dashboard.clinic.allClientsVisible ? 'assigned to you' : 'in the clinic',
    ],
    ['Members', figures.members, 'in the team'],
    ['Invitations', figures.pendingInvitations, 'waiting'],
    ['Requests to join', figures.joinRequests, 'to answer'],
  ] as const;
  const shown = dashboard.me.role === 'admin' ? items : items.slice(0, 2);
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {shown.map(([label, figure, note]) => (
        <div key={label} className={card}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="mt-1 text-2xl font-extrabold">
            {figure} <span className="text-sm font-normal text-muted">{note}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
