import { clinicRoleLabels, clinicTypeLabels, type ClinicType } from '@shop/core';
import { Link, useRouteLoaderData } from 'react-router';
import { ClinicCard } from './dashboard-card';
import { Clients } from './dashboard-clients';
import { Fees } from './dashboard-fees';
import { Settings } from './dashboard-settings';
import { Summary } from './dashboard-summary';
import { Team } from './dashboard-team';
import type { loader } from './dashboard';

/**
 * The dashboard as the clinic sees it, with the dashboard route's data. Each route nested under
 * the dashboard shows it: the index, and each section's route, whose action answers the page sent
 * without its script (the answer is that route's, which the forms read).
 */
export function DashboardPage() {
  const loaderData = useRouteLoaderData<typeof loader>('routes/providers/dashboard');
  if (!loaderData) return null;
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
