import { Link, useActionData } from 'react-router';
import { demoRequestStatuses, demoRequestStatusLabels } from '@shop/core';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
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
        <div className="mt-4 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Received
                </th>
                <th scope="col" className="px-4 py-3">
                  Company
                </th>
                <th scope="col" className="px-4 py-3">
                  Contact
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Move
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.requests.map((request) => (
                <tr key={request.id}>
                  <td className="px-4 py-3">{shopDay(request.createdAt)}</td>
                  <td className="px-4 py-3">
                    <Link to={`/admin/demo-requests/${request.id}`} className="font-semibold text-brand underline">
                      {request.company}
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    {request.name}
                    <span className="block text-muted">{request.email}</span>
                  </td>
                  <td className="px-4 py-3">{demoRequestStatusLabels[request.status]}</td>
                  <td className="px-4 py-3">
                    <DemoRequestMoves id={request.id} status={request.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaderData.requests.length === 0 ? <p className="px-4 py-6 text-center text-muted">No demo requests here.</p> : null}
        </div>
      </section>
    </>
  );
}
