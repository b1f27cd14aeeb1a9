import { usStates } from '@shop/core';
import type { ProviderClient, ProviderDashboard, ProviderDraft, ProviderOrder, ProviderTeam } from '@shop/client';
import { Form, Link } from 'react-router';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { LabelledSelect } from '../../components/providers/labelled-select';
import { ClientOrderList, DraftList, OrderTests } from '../../components/providers/client-orders';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { dashboardActions, dashboardForms } from './dashboard-forms';
import { Answer, card, panel, smallButton } from './dashboard-ui';

const stateOptions = usStates.map((state) => [state, state] as const);

function ClientRow({
  client,
  practitioners,
  canAssign,
  orders,
  canOrder,
  canCharge,
}: {
  client: ProviderClient;
  practitioners: ProviderTeam['members'];
  canAssign: boolean;
  orders: ProviderOrder[];
  canOrder: boolean;
  canCharge: boolean;
}) {
  // every client has this form: an answer that came back with the page shows on the client it names
  const assign = useActionForm<FormAnswer>(dashboardForms.assign, undefined, client.id);
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
        <ClientOrderList orders={orders} canOrder={canOrder} canCharge={canCharge} />
      </div>
      {canAssign ? (
        <assign.fetcher.Form method="post" action={dashboardActions.clients} className="flex flex-wrap items-end gap-2">
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

/** The clients the member sees, their orders, the search, adding a client and ordering tests. */
export function Clients({
  dashboard,
  team,
  clients,
  orders,
  drafts,
  search,
}: {
  dashboard: ProviderDashboard;
  team: ProviderTeam;
  clients: ProviderClient[];
  orders: ProviderOrder[];
  drafts: ProviderDraft[];
  search: string;
}) {
  const add = useActionForm<FormAnswer>(dashboardForms.addClient, (_answer, form) => form.reset());
  const { errors, values } = add;
  const practitioners = team.members.filter((member) => member.role !== 'staff');
  const canAssign = dashboard.me.role !== 'practitioner';
  // practitioners and admins order; staff draft orders for them to send
  const canOrder = dashboard.me.role !== 'staff';
  const canCharge = dashboard.me.role === 'admin';
  return (
    <section aria-labelledby="clients-heading" className="mt-10">
      <h2 id="clients-heading" className="text-2xl font-bold">
        Clients
      </h2>
      <Form method="get" action="/providers/dashboard" role="search" className="mt-4 flex flex-wrap items-end gap-3">
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
                canCharge={canCharge}
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
        action={dashboardActions.clients}
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
      <DraftList drafts={drafts} />
      {clients.length > 0 ? (
        <OrderTests clients={clients} practitioners={canOrder ? undefined : practitioners.map(({ id, name }) => ({ id, name }))} />
      ) : null}
    </section>
  );
}
