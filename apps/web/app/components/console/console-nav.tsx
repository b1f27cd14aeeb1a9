import { NavLink, useRouteLoaderData } from 'react-router';

const links: { to: string; label: string; end: boolean; roles?: string[] }[] = [
  { to: '/admin', label: 'Orders', end: true },
  { to: '/admin/approvals', label: 'Approvals', end: false, roles: ['clinician', 'operator', 'support'] },
  { to: '/admin/subscriptions', label: 'Subscriptions', end: false },
  { to: '/admin/customers', label: 'Customers', end: false },
  { to: '/admin/leads', label: 'Leads', end: false, roles: ['operator'] },
  { to: '/admin/coupons', label: 'Coupons', end: false },
  { to: '/admin/demo-requests', label: 'Demo requests', end: false, roles: ['operator'] },
  { to: '/admin/clinics', label: 'Clinics', end: false, roles: ['operator', 'support'] },
  { to: '/admin/employers', label: 'Employers', end: false },
  { to: '/admin/affiliates', label: 'Affiliates', end: false },
  { to: '/admin/payouts', label: 'Payouts', end: false, roles: ['operator'] },
  { to: '/admin/coaching', label: 'Coaching', end: false },
  { to: '/admin/lab-reviews', label: 'Lab reviews', end: false },
  { to: '/admin/outside-reports', label: 'Outside results', end: false, roles: ['clinician', 'operator'] },
  { to: '/admin/kit-tasks', label: 'Kit tasks', end: false, roles: ['clinician', 'operator'] },
  { to: '/admin/messages', label: 'Messages', end: false, roles: ['support', 'operator'] },
  { to: '/admin/experiments', label: 'Experiments', end: false },
  { to: '/admin/client-errors', label: 'Page errors', end: false, roles: ['operator'] },
  { to: '/admin/outbox', label: 'E-mail outbox', end: false },
  { to: '/admin/jobs', label: 'Jobs', end: false, roles: ['operator'] },
  { to: '/admin/team', label: 'Team', end: false, roles: ['operator'] },
  { to: '/admin/audit', label: 'Audit log', end: false, roles: ['operator'] },
  { to: '/admin/clinicians', label: 'Licences', end: false, roles: ['operator'] },
];
/** A health coach uses the console for coaching and lab reviews alone: the rest would only tell them it is not theirs. */
const coachLinks = links.filter((link) => link.to === '/admin/coaching' || link.to === '/admin/lab-reviews');

/** The console's own menu, on every console page. */
export function ConsoleNav() {
  const area = useRouteLoaderData<{ role?: string }>('routes/console/area');
  // a page a role cannot use is not offered to it (the API still decides, page by page)
  const shown = area?.role === 'coach' ? coachLinks : links.filter((link) => !link.roles || link.roles.includes(area?.role ?? ''));
  return (
    <nav aria-label="Console" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-2">
        <li className="mr-4 py-2 font-extrabold text-brand">Base console</li>
        {shown.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-soft text-brand-dark' : 'text-slate-700 hover:bg-slate-100'}`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
