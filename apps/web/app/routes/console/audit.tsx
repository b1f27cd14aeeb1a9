import { Form, useLocation } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { Pager } from '../../components/console/pager';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDayTime } from '../../lib/dates';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/audit';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const member = url.searchParams.get('member')?.trim() || undefined;
  const staff = url.searchParams.get('staff')?.trim() || undefined;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  return loadForStaff(request, async () => ({
    ...(await serverApi(request, context).adminAudit({ member, staff, page })),
    member: member ?? '',
    staff: staff ?? '',
  }));
}

export const meta = () => [{ title: 'Audit log | Operator console | Base' }];

const input = 'mt-1 w-72 rounded-lg border border-slate-300 px-3 py-2 font-normal';

/** Who read or changed which member's data: the append-only audit log, newest first (docs/operations.md#the-audit-log). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Audit log</h1>
        <p className="mt-2 text-muted">Every console action and every staff read of a member’s data. Lines cannot be changed or deleted.</p>
        <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm font-semibold">
            Member e-mail or id
            <input name="member" type="search" defaultValue={loaderData.member} className={input} />
          </label>
          <label className="flex flex-col text-sm font-semibold">
            Staff e-mail or id
            <input name="staff" type="search" defaultValue={loaderData.staff} className={input} />
          </label>
          <button type="submit" className="rounded-full bg-brand px-5 py-2 font-semibold text-white">
            Filter
          </button>
        </Form>
        <div className="relative mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  When
                </th>
                <th scope="col" className="px-4 py-3">
                  Staff
                </th>
                <th scope="col" className="px-4 py-3">
                  What
                </th>
                <th scope="col" className="px-4 py-3">
                  Member
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap px-4 py-3">{shopDayTime(entry.at)}</td>
                  <td className="px-4 py-3 [overflow-wrap:anywhere]">
                    {entry.actor.name ?? 'the shop'} ({entry.actor.role}){entry.actor.email ? ` · ${entry.actor.email}` : ''}
                  </td>
                  <td className="px-4 py-3 [overflow-wrap:anywhere]">
                    {entry.action}
                    {entry.subjectType === 'console_list' ? '' : ` · ${entry.subjectType} ${entry.subjectId}`}
                    {entry.filters
                      ? ` · ${Object.entries(entry.filters)
                          .map(([name, value]) => `${name}=${value}`)
                          .join(', ')}`
                      : ''}
                  </td>
                  <td className="px-4 py-3 [overflow-wrap:anywhere]">{entry.member ? (entry.member.email ?? entry.member.id) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaderData.entries.length === 0 ? <p className="px-4 py-6 text-center text-muted">No lines match.</p> : null}
        </div>
        <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} search={location.search} />
      </section>
    </>
  );
}
