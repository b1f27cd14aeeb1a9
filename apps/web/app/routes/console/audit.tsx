import { Form, useLocation } from 'react-router';
import { buttonClasses } from '../../components/button';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
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
          <button type="submit" className={buttonClasses({ size: 'medium' })}>
            Filter
          </button>
        </Form>
        <ConsoleTable
          caption="Audit log lines, newest first"
          headings={['When', 'Staff', 'What', 'Member']}
          empty={loaderData.entries.length === 0}
          emptyText="No lines match."
          className="mt-6"
        >
          {loaderData.entries.map((entry) => (
            <tr key={entry.id}>
              <Cell className="whitespace-nowrap">{shopDayTime(entry.at)}</Cell>
              <Cell className="[overflow-wrap:anywhere]">
                {entry.actor.name ?? 'the shop'} ({entry.actor.role}){entry.actor.email ? ` · ${entry.actor.email}` : ''}
              </Cell>
              <Cell className="[overflow-wrap:anywhere]">
                {entry.action}
                {entry.subjectType === 'console_list' ? '' : ` · ${entry.subjectType} ${entry.subjectId}`}
                {entry.filters
                  ? ` · ${Object.entries(entry.filters)
                      .map(([name, value]) => `${name}=${value}`)
                      .join(', ')}`
                  : ''}
              </Cell>
              <Cell className="[overflow-wrap:anywhere]">{entry.member ? (entry.member.email ?? entry.member.id) : '—'}</Cell>
            </tr>
          ))}
        </ConsoleTable>
        <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} search={location.search} />
      </section>
    </>
  );
}
