import { leadKinds } from '@shop/core';
import { Link, useLocation } from 'react-router';
import { ConsoleSearch, listQuery } from '../../components/console/console-search';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { Pager } from '../../components/console/pager';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/leads';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, q, page } = listQuery(request);
  // the kinds the API knows; any other value lists every lead
  const kind = leadKinds.find((known) => known === url.searchParams.get('kind'));
  const api = serverApi(request, context);
  return loadForStaff(request, async () => ({
    ...(await api.adminLeads({ q, kind, page })),
    q: q ?? '',
    kind: kind ?? '',
    csvUrl: `/api/admin/leads.csv?${new URLSearchParams({ ...(q ? { q } : {}), ...(kind ? { kind } : {}) }).toString()}`,
  }));
}

export const meta = () => [{ title: 'Leads | Operator console | Base' }];

export default function AdminLeads({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-extrabold">Leads</h1>
          <Link to="/admin/demo-requests" className="font-semibold text-brand underline">
            Demo requests, as a pipeline
          </Link>
          <a href={loaderData.csvUrl} download className="rounded-full border border-brand px-5 py-2 font-semibold text-brand">
            Download CSV
          </a>
        </div>
        <ConsoleSearch label="E-mail" q={loaderData.q}>
          <label className="flex flex-col text-sm font-semibold">
            Form
            <select name="kind" defaultValue={loaderData.kind} className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal">
              <option value="">Every form</option>
              {leadKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {kind.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </label>
        </ConsoleSearch>
        <ConsoleTable
          caption="Leads"
          headings={['Received', 'Form', 'E-mail', 'Details']}
          empty={loaderData.leads.length === 0}
          emptyText="No leads match."
          className="mt-6"
        >
          {loaderData.leads.map((lead) => (
            <tr key={lead.id}>
              <Cell>{shopDay(lead.createdAt)}</Cell>
              <Cell>{lead.kind.replaceAll('_', ' ')}</Cell>
              <Cell>{lead.email}</Cell>
              <Cell className="text-muted">
                {Object.entries(lead.fields)
                  .filter(([name]) => name !== 'email')
                  .map(([name, value]) => `${name}: ${String(value)}`)
                  .join(' · ')}
              </Cell>
            </tr>
          ))}
        </ConsoleTable>
        <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} search={location.search} />
      </section>
    </>
  );
}
