import { clinicRoleLabels, clinicRoles, clinicTypeLabels, usStates, type ClinicType } from '@shop/core';
import type { ProviderClient, ProviderDashboard, ProviderOrder, ProviderTeam } from '@shop/client';
import { Form, Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { LabelledSelect } from '../../components/providers/labelled-select';
import { ClientOrderList, OrderTests } from '../../components/providers/client-orders';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import { dashboardForms } from './dashboard-forms';
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

const roleOptions = clinicRoles.map((role) => [role, clinicRoleLabels[role]] as const);
const stateOptions = usStates.map((state) => [state, state] as const);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });
const panel = 'rounded-2xl bg-white shadow-sm';
const card = `${panel} p-5`;
const smallButton = 'rounded-full border px-4 py-1 text-sm font-semibold disabled:opacity-60';

function Answer({ answer }: { answer: FormAnswer | undefined }) {
  return (
    <div aria-live="polite" className="empty:hidden">
      {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
    </div>
  );
}

function Summary({ dashboard }: { dashboard: ProviderDashboard }) {
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

function ClientRow({
  client,
  practitioners,
  canAssign,
  orders,
  canOrder,
}: {
  client: ProviderClient;
  practitioners: ProviderTeam['members'];
  canAssign: boolean;
  orders: ProviderOrder[];
  canOrder: boolean;
}) {
  const assign = useActionForm<FormAnswer>(dashboardForms.assign);
  return (
    <li className="grid gap-2 px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
      <div>
        <p className="font-semibold">
          {client.lastName}, {client.firstName}
        </p>
        <p className="text-sm text-muted">
          {client.email} · born {client.dateOfBirth} · {client.state}
          {client.practitioner ? ` · ${client.practitioner.name}` : ' · no practitioner yet'}
        </p>
        {client.notice ? <p className="mt-1 text-sm font-medium text-amber-900">{client.notice}</p> : null}
        <ClientOrderList orders={orders} canOrder={canOrder} />
      </div>
      {canAssign ? (
        <assign.fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="_form" value={dashboardForms.assign} />
          <input type="hidden" name="id" value={client.id} />
          <LabelledSelect
            label={`Practitioner of ${client.firstName} ${client.lastName}`}
            name="memberId"
            options={[['', 'No one'], ...practitioners.map((member) => [member.id, member.name] as const)]}
            defaultValue={client.practitioner?.memberId ?? ''}
            className="min-w-44 text-sm [&_label]:sr-only"
          />
          <button type="submit" disabled={assign.pending} className={`${smallButton} mb-1 border-brand text-brand`}>
            {assign.pending ? 'Saving…' : 'Assign'}
          </button>
          <div className="w-full">
            <Answer answer={assign.answer} />
          </div>
        </assign.fetcher.Form>
      ) : null}
    </li>
  );
}

function Clients({
  dashboard,
  team,
  clients,
  orders,
  search,
}: {
  dashboard: ProviderDashboard;
  team: ProviderTeam;
  clients: ProviderClient[];
  orders: ProviderOrder[];
  search: string;
}) {
  const add = useActionForm<FormAnswer>(dashboardForms.addClient, (_answer, form) => form.reset());
  const { errors, values } = add;
  const practitioners = team.members.filter((member) => member.role !== 'staff');
  const canAssign = dashboard.me.role !== 'practitioner';
  // practitioners and admins order; staff drafting an order for a practitioner comes later
  const canOrder = dashboard.me.role !== 'staff';
  return (
    <section aria-labelledby="clients-heading" className="mt-10">
      <h2 id="clients-heading" className="text-2xl font-bold">
        Clients
      </h2>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-3">
        <Field label="Search by name or e-mail" name="q" type="search" defaultValue={search} className="min-w-64 flex-1" />
        <Button type="submit" variant="secondary" className="py-2.5">
          Search
        </Button>
        {search ? (
          <Link to="/providers/dashboard" className="pb-3 text-sm font-semibold text-brand underline">
            Show all
          </Link>
        ) : null}
      </Form>
      <div className={`${panel} mt-4`}>
        {clients.length > 0 ? (
          <ul aria-label="Your clients" className="divide-y divide-slate-100">
            {clients.map((client) => (
              <ClientRow
                key={client.id}
                client={client}
                practitioners={practitioners}
                canAssign={canAssign}
                orders={orders.filter((order) => order.clientId === client.id)}
                canOrder={canOrder}
              />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-6 text-center text-muted">
            {search ? `No client matches “${search}”.` : 'No clients yet: add your first below.'}
          </p>
        )}
      </div>

      <add.fetcher.Form
        ref={add.formRef}
        method="post"
        noValidate
        aria-labelledby="add-client-heading"
        className={`${card} mt-6 grid gap-4 sm:grid-cols-2`}
      >
        <h3 id="add-client-heading" className="text-lg font-bold sm:col-span-2">
          Add a client
        </h3>
        <input type="hidden" name="_form" value={dashboardForms.addClient} />
        <Field label="First name" name="firstName" autoComplete="off" defaultValue={values.firstName} error={errors.firstName} />
        <Field label="Last name" name="lastName" autoComplete="off" defaultValue={values.lastName} error={errors.lastName} />
        <Field label="E-mail address" name="email" type="email" autoComplete="off" defaultValue={values.email} error={errors.email} />
        <Field
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          defaultValue={values.dateOfBirth}
          error={errors.dateOfBirth}
          hint="18 or older"
        />
        <LabelledSelect
          label="US state"
          name="state"
          placeholder="Choose a state"
          options={stateOptions}
          defaultValue={values.state}
          error={errors.state}
        />
        <div className="flex items-end">
          <Button type="submit" pending={add.pending} pendingLabel="Adding…">
            Add client
          </Button>
        </div>
        <div className="sm:col-span-2">
          <Answer answer={add.answer} />
        </div>
      </add.fetcher.Form>
      {canOrder && clients.length > 0 ? <OrderTests clients={clients} /> : null}
    </section>
  );
}

function Team({ dashboard, team }: { dashboard: ProviderDashboard; team: ProviderTeam }) {
  const invite = useActionForm<FormAnswer>(dashboardForms.invite, (_answer, form) => form.reset());
  const rows = useActionForm<FormAnswer>([
    dashboardForms.resend,
    dashboardForms.revoke,
    dashboardForms.remove,
    dashboardForms.approve,
    dashboardForms.decline,
  ]);
  const admin = dashboard.me.role === 'admin';
  const { errors, values } = invite;
  const rowForm = (form: string, id: string, label: string, tone: string, accessibleName: string) => (
    <rows.fetcher.Form method="post">
      <input type="hidden" name="_form" value={form} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={rows.pending} aria-label={accessibleName} className={`${smallButton} ${tone}`}>
        {label}
      </button>
    </rows.fetcher.Form>
  );
  return (
    <section aria-labelledby="team-heading" className="mt-12">
      <h2 id="team-heading" className="text-2xl font-bold">
        Team
      </h2>
      <div className="mt-3">
        <Answer answer={rows.answer} />
      </div>
      <ul aria-label="Members" className={`${panel} mt-4 divide-y divide-slate-100`}>
        {team.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <div>
              <p className="font-semibold">
                {member.name}
                {member.you ? <span className="text-muted"> (you)</span> : null}
              </p>
              <p className="text-sm text-muted">
                {member.email} · {clinicRoleLabels[member.role]} · since {day(member.since)}
              </p>
            </div>
            {admin && !member.you
              ? rowForm(dashboardForms.remove, member.id, 'Remove', 'border-danger text-danger', `Remove ${member.name} from the clinic`)
              : null}
          </li>
        ))}
      </ul>

      {admin ? (
        <>
          {team.joinRequests.length > 0 ? (
            <>
              <h3 className="mt-8 text-lg font-bold">Requests to join</h3>
              <ul aria-label="Requests to join" className={`${panel} mt-3 divide-y divide-slate-100`}>
                {team.joinRequests.map((request) => (
                  <li key={request.id} className="flex flex-wrap items-end justify-between gap-3 px-4 py-3">
                    <div>
                      <p className="font-semibold">{request.name}</p>
                      <p className="text-sm text-muted">
                        {request.email} · asked {day(request.createdAt)}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-end gap-2">
                      <rows.fetcher.Form method="post" className="flex items-end gap-2">
                        <input type="hidden" name="_form" value={dashboardForms.approve} />
                        <input type="hidden" name="id" value={request.id} />
                        <LabelledSelect
                          label={`Role of ${request.name}`}
                          name="role"
                          options={roleOptions}
                          defaultValue="practitioner"
                          className="min-w-40 text-sm"
                        />
                        <button type="submit" disabled={rows.pending} className={`${smallButton} mb-1 border-brand text-brand`}>
                          Approve
                        </button>
                      </rows.fetcher.Form>
                      {rowForm(
                        dashboardForms.decline,
                        request.id,
                        'Decline',
                        'mb-1 border-danger text-danger',
                        `Decline the request of ${request.name}`,
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          <invite.fetcher.Form
            ref={invite.formRef}
            method="post"
            noValidate
            aria-labelledby="invite-heading"
            className={`${card} mt-8 grid gap-4 sm:grid-cols-4`}
          >
            <h3 id="invite-heading" className="text-lg font-bold sm:col-span-4">
              Invite a person
            </h3>
            <p className="-mt-2 text-sm text-muted sm:col-span-4">
              Admins run the team and see every client; practitioners order for their clients; staff add clients and draft orders. The
              e-mailed link works once, for 7 days.
            </p>
            <input type="hidden" name="_form" value={dashboardForms.invite} />
            <Field label="Name" name="name" autoComplete="off" defaultValue={values.name} error={errors.name} />
            <Field label="E-mail address" name="email" type="email" autoComplete="off" defaultValue={values.email} error={errors.email} />
            <LabelledSelect label="Role" name="role" options={roleOptions} defaultValue={values.role ?? 'staff'} error={errors.role} />
            <div className="flex items-end">
              <Button type="submit" pending={invite.pending} pendingLabel="Sending…">
                Send invitation
              </Button>
            </div>
            <div className="sm:col-span-4">
              <Answer answer={invite.answer} />
            </div>
          </invite.fetcher.Form>

          <h3 className="mt-8 text-lg font-bold">Invitations waiting</h3>
          {team.invitations.length > 0 ? (
            <ul aria-label="Invitations waiting" className={`${panel} mt-3 divide-y divide-slate-100`}>
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                  <div>
                    <p className="font-semibold">{invitation.name}</p>
                    <p className="text-sm text-muted">
                      {invitation.email} · {clinicRoleLabels[invitation.role]} ·{' '}
                      {invitation.status === 'expired' ? 'expired' : `until ${day(invitation.expiresAt)}`}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {rowForm(
                      dashboardForms.resend,
                      invitation.id,
                      'Resend',
                      'border-brand text-brand',
                      `Resend the invitation of ${invitation.email}`,
                    )}
                    {rowForm(
                      dashboardForms.revoke,
                      invitation.id,
                      'Revoke',
                      'border-danger text-danger',
                      `Revoke the invitation of ${invitation.email}`,
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-muted">No invitation is waiting.</p>
          )}
        </>
      ) : null}
    </section>
  );
}

function Settings({ dashboard }: { dashboard: ProviderDashboard }) {
  const settings = useActionForm<FormAnswer>(dashboardForms.settings);
  return (
    <section aria-labelledby="settings-heading" className="mt-12">
      <h2 id="settings-heading" className="text-2xl font-bold">
        Clinic settings
      </h2>
      <settings.fetcher.Form method="post" className={`${card} mt-4 space-y-3`}>
        <input type="hidden" name="_form" value={dashboardForms.settings} />
        <label className="flex items-start gap-3">
          <input type="checkbox" name="allClientsVisible" defaultChecked={dashboard.clinic.allClientsVisible} className="mt-1 h-5 w-5" />
          <span>
            <span className="font-semibold">Practitioners see all clients</span>
            <span className="block text-sm text-muted">
              Off: each practitioner sees the clients assigned to them. Admins and staff always see all.
            </span>
          </span>
        </label>
        <Button type="submit" variant="secondary" pending={settings.pending} pendingLabel="Saving…" className="py-2">
          Save
        </Button>
        <Answer answer={settings.answer} />
      </settings.fetcher.Form>
    </section>
  );
}

export default function ProviderDashboardPage({ loaderData }: Route.ComponentProps) {
  const { dashboard, team, clients, orders, search, refused } = loaderData;
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
      <Clients dashboard={dashboard} team={team} clients={clients} orders={orders} search={search} />
      <Team dashboard={dashboard} team={team} />
      {me.role === 'admin' ? <Settings dashboard={dashboard} /> : null}
      {me.role === 'admin' ? (
        <Link to="/providers/dashboard/webhooks" className="mt-8 inline-block font-semibold text-brand underline">
          Webhooks for your integration
        </Link>
      ) : null}
    </section>
  );
}
