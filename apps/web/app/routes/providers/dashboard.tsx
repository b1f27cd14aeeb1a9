import { clinicRoleLabels, clinicTypeLabels, type ClinicType } from '@shop/core';
import { Link } from 'react-router';
import { pageMeta } from '../../lib/seo';
import { ClinicCard } from './dashboard-card';
import { Clients } from './dashboard-clients';
import { Fees } from './dashboard-fees';
import { Settings } from './dashboard-settings';
import { Summary } from './dashboard-summary';
import { Team } from './dashboard-team';
import { dashboardAction, dashboardLoader } from './dashboard.server';
import type { Route } from './+types/dashboard';

export function loader(args: Route.LoaderArgs) {
  return dashboardLoader(args);
}

export function action(args: Route.ActionArgs) {
  return dashboardAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Provider dashboard',
    description: 'Your clinic’s clients and team.',
    path: '/providers/dashboard',
    noIndex: true,
  });

export default function ProviderDashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard, team, clients, orders, drafts, fees, clinicCard, payments, search, refused } = loaderData;
  if (!dashboard || !team) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Provider dashboard</h1>
        <p className="mt-3 text-muted">
          {refused} The dashboard is for the members of a clinic. If you asked to join one, its admins answer in their dashboard.
        </p>
        <Link to="/providers/sign-up" className="btn btn-primary mt-8">
          Sign up free — no licence needed
        </Link>
      </section>
    );
  }
  const { clinic, me } = dashboard;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">Provider dashboard</p>
      <h1 className="mt-2 text-3xl font-extrabold">{clinic.name}</h1>
      <p className="mt-2 text-muted">
        {clinicTypeLabels[clinic.type as ClinicType] ?? clinic.type} · {clinic.city}, {clinic.state}
        {clinic.npi ? ` · NPI ${clinic.npi}` : ''} · you are {me.name}, {clinicRoleLabels[me.role].toLowerCase()}
      </p>
      <Summary dashboard={dashboard} />
      <Clients dashboard={dashboard} team={team} clients={clients} orders={orders} drafts={drafts} search={search} />
      <Team dashboard={dashboard} team={team} />
      {fees ? <Fees fees={fees} /> : null}
      {me.role === 'admin' ? (
        <Settings dashboard={dashboard}>
          {clinicCard && payments ? <ClinicCard clinicCard={clinicCard} payments={payments} /> : null}
        </Settings>
      ) : null}
      {me.role === 'admin' ? (
        <Link to="/providers/dashboard/webhooks" className="mt-8 inline-block font-semibold text-brand underline">
          Webhooks for your integration
        </Link>
      ) : null}
    </section>
  );
}
