import { Link } from 'react-router';
import {
  clinicCardLabel,
  formatMoney,
  orderStatusLabels,
  payLinkStateLabels,
  resultsReleaseRuleLabels,
  resultsReleaseStateLabels,
  type OrderStatus,
  type ProviderPayer,
} from '@shop/core';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDay } from '../../lib/dates';
import { notFoundWhen } from '../../lib/errors';
import { loadForStaff } from '../../lib/staff.server';
import { clinicTypeLabel } from './clinics';
import type { Route } from './+types/clinic';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminClinic(params.id).catch(notFoundWhen));
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData && 'name' in loaderData ? loaderData.name : 'Clinic'} | Operator console | Base` },
];

/** Who pays a clinic's order, as the console says it (the clinic's own pages say "your clinic"). */
const payerLabels: Record<ProviderPayer, string> = {
  client: 'Client',
  custom_fee: 'Client, with the clinic’s fee',
  clinic: 'Clinic (saved card)',
};

const roleLabels: Record<string, string> = { admin: 'Admin', practitioner: 'Practitioner', staff: 'Staff' };
const roleOf = (role: string) => roleLabels[role] ?? role;

export default function AdminClinic({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  const clinic = loaderData;
  const { counts, fees, card } = clinic;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <p className="text-sm">
          <Link to="/admin/clinics" className="text-brand underline">
            All clinics
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-extrabold">{clinic.name}</h1>
        <dl className="mt-4 grid gap-x-8 gap-y-3 rounded-2xl bg-white p-5 text-sm shadow-sm sm:grid-cols-2">
          <Fact term="Type">{clinicTypeLabel(clinic.type)}</Fact>
          <Fact term="Signed up">{shopDay(clinic.createdAt)}</Fact>
          <Fact term="Address">
            {clinic.address.line1}
            {clinic.address.line2 ? `, ${clinic.address.line2}` : ''}, {clinic.address.city}, {clinic.address.state}{' '}
            {clinic.address.postalCode}
          </Fact>
          <Fact term="NPI">{clinic.npi ?? 'Not given'}</Fact>
          <Fact term="Work e-mail domain">{clinic.emailDomain ? `@${clinic.emailDomain}` : 'None (a public mail service)'}</Fact>
          <Fact term="Results">{resultsReleaseRuleLabels[clinic.resultsRelease]}</Fact>
          <Fact term="Practitioners see">{clinic.allClientsVisible ? 'Every client of the clinic' : 'Their own clients'}</Fact>
          <Fact term="Card on file">
            {card?.saved ? clinicCardLabel(card) : card ? 'Waiting for the bank’s check' : 'None: the clinic cannot pay orders itself'}
          </Fact>
        </dl>

        <h2 className="mt-10 text-xl font-bold">Orders</h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
          <Figure term="Links waiting">{counts.waiting}</Figure>
          <Figure term="Links expired">{counts.expired}</Figure>
          <Figure term="Paid">{counts.paid}</Figure>
          <Figure term="Paid by the clinic">{counts.clinicPaid}</Figure>
          <Figure term="Paid elsewhere">{counts.paidElsewhere}</Figure>
          <Figure term="Cancelled">{counts.cancelled}</Figure>
        </dl>
        <p className="mt-3 text-sm">
          Fees earned {formatMoney(fees.earnedCents)} · refunded {formatMoney(fees.refundedCents)} · paid out{' '}
          {formatMoney(fees.paidOutCents)} · <span className="font-semibold">owed {formatMoney(fees.owedCents)}</span>
        </p>
        <ConsoleTable
          caption="The clinic's latest orders"
          title="Latest orders"
          explanation="The newest first, by the order's number: the client is named on the order's own page."
          headings={['Sent', 'Payer', 'State', 'Total', 'Fee', 'Order', 'Results']}
          empty={clinic.recent.length === 0}
          emptyText="The clinic has not sent an order yet."
        >
          {clinic.recent.map((row) => (
            <tr key={row.id}>
              <Cell className="whitespace-nowrap">{shopDay(row.sentAt)}</Cell>
              <Cell>{payerLabels[row.payer]}</Cell>
              <Cell>
                {row.paidElsewhere ? 'Paid elsewhere' : payLinkStateLabels[row.state]}
                {row.paidAt && !row.paidElsewhere ? <span className="block text-muted">{shopDay(row.paidAt)}</span> : null}
              </Cell>
              <Cell>{formatMoney(row.totalCents)}</Cell>
              <Cell>{row.feeCents > 0 ? formatMoney(row.feeCents) : '—'}</Cell>
              <Cell>
                {row.order ? (
                  <Link to={`/admin/orders/${row.order.id}`} className="font-semibold text-brand underline">
                    #{row.order.number}
                  </Link>
                ) : (
                  '—'
                )}
                {row.order ? (
                  <span className="block text-muted">{orderStatusLabels[row.order.status as OrderStatus] ?? row.order.status}</span>
                ) : null}
              </Cell>
              <Cell>{row.order ? resultsReleaseStateLabels[row.resultsRelease] : '—'}</Cell>
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          caption="The clinic's people"
          title="People"
          headings={['Name', 'E-mail', 'Role', 'Joined']}
          empty={clinic.people.length === 0}
        >
          {clinic.people.map((person) => (
            <tr key={person.id}>
              <Cell className="font-semibold">{person.name}</Cell>
              <Cell>{person.email}</Cell>
              <Cell>{roleOf(person.role)}</Cell>
              <Cell className="whitespace-nowrap">{shopDay(person.joinedAt)}</Cell>
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          caption="The clinic's open invitations"
          title="Invitations not accepted"
          headings={['Name', 'E-mail', 'Role', 'Sent', 'State']}
          empty={clinic.invitations.length === 0}
          emptyText="No invitation is waiting."
        >
          {clinic.invitations.map((invitation) => (
            <tr key={invitation.id}>
              <Cell className="font-semibold">{invitation.name}</Cell>
              <Cell>{invitation.email}</Cell>
              <Cell>{roleOf(invitation.role)}</Cell>
              <Cell className="whitespace-nowrap">{shopDay(invitation.sentAt)}</Cell>
              <Cell>{invitation.state === 'expired' ? 'Expired' : `Sent, open until ${shopDay(invitation.expiresAt)}`}</Cell>
            </tr>
          ))}
        </ConsoleTable>

        <ConsoleTable
          caption="The clinic's webhook endpoints"
          title="Webhooks"
          headings={['Endpoint', 'Since', 'Delivered', 'Retrying', 'Failed']}
          empty={clinic.endpoints.length === 0}
          emptyText="The clinic has no webhook endpoint."
        >
          {clinic.endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <Cell className="break-all">
                {endpoint.url}
                {endpoint.removedAt ? <span className="block text-muted">Removed {shopDay(endpoint.removedAt)}</span> : null}
              </Cell>
              <Cell className="whitespace-nowrap">{shopDay(endpoint.createdAt)}</Cell>
              <Cell>{endpoint.delivered}</Cell>
              <Cell>{endpoint.retrying}</Cell>
              <Cell className={endpoint.failed > 0 ? 'font-semibold text-red-700' : undefined}>{endpoint.failed}</Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm">
      <dt className="text-muted">{term}</dt>
      <dd className="mt-1 text-2xl font-extrabold">{children}</dd>
    </div>
  );
}
