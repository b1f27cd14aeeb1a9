import { Link, useActionData } from 'react-router';
import { demoRequestStatuses, demoRequestStatusLabels } from '@shop/core';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import type { FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { DemoRequestMoves } from './demo-request-moves';
import { demoRequestAction } from './demo-requests.server';
import type { Route } from './+types/demo-requests';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  // the statuses the API knows; any other value lists every request
  const status = demoRequestStatuses.find((known) => known === new URL(request.url).searchParams.get('status'));
  return loadForStaff(request, async () => ({
    ...(await serverApi(request, context).adminDemoRequests(status ? { status } : {})),
    status: status ?? '',
  }));
}

/** A request's move from the list, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return demoRequestAction(args);
}

export const meta = () => [{ title: 'Demo requests | Operator console | Base' }];

const filters = [{ value: '', label: 'All' }, ...demoRequestStatuses.map((value) => ({ value, label: demoRequestStatusLabels[value] }))];

export default function AdminDemoRequests({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<FormAnswer>();
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Demo requests</h1>
        <p className="mt-1 text-muted">
          What employers sent from /business: new, contacted, then won or lost. A won request becomes its employer group.
        </p>
        <nav aria-label="Status" className="mt-6 flex flex-wrap gap-2">
          {filters.map((filter) => (
            <Link
              key={filter.value}
              to={filter.value ? `?status=${filter.value}` : '?'}
              aria-current={loaderData.status === filter.value ? 'page' : undefined}
              className={`rounded-full px-4 py-1 text-sm font-semibold ${loaderData.status === filter.value ? 'bg-brand text-white' : 'border border-slate-300'}`}
            >
              {filter.label}
            </Link>
          ))}
        </nav>
        <div aria-live="polite" className="mt-4">
          {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        </div>
        <ConsoleTable
          caption="Demo requests"
          headings={['Received', 'Company', 'Contact', 'Status', 'Move']}
          empty={loaderData.requests.length === 0}
          emptyText="No demo requests here."
        >
          {loaderData.requests.map((request) => (
            <tr key={request.id}>
              <Cell>{shopDay(request.createdAt)}</Cell>
              <Cell>
                <Link to={`/admin/demo-requests/${request.id}`} className="font-semibold text-brand underline">
                  {request.company}
                </Link>
              </Cell>
              <Cell>
                {request.name}
                <span className="block text-muted">{request.email}</span>
              </Cell>
              <Cell>{demoRequestStatusLabels[request.status]}</Cell>
              <Cell>
                <DemoRequestMoves id={request.id} status={request.status} />
              </Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
