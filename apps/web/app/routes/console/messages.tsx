import { supportStatuses, supportStatusLabels, type SupportStatus } from '@shop/core';
import { Link, NavLink } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/messages';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('status');
  const status: SupportStatus = (supportStatuses as readonly string[]).includes(asked ?? '') ? (asked as SupportStatus) : 'open';
  return loadForStaff(request, async () => ({ status, ...(await serverApi(request, context).adminSupportThreads(status)) }));
}

export const meta = () => [{ title: 'Messages | Operator console | Base' }];

const tabLabels: Record<SupportStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  const { status, counts, threads } = loaderData;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Messages</h1>
        <p className="mt-2 text-muted">
          Customers’ messages from the contact page. Open ones wait for an answer, the longest waiting first.
        </p>
        <nav aria-label="Message status" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {supportStatuses.map((tab) => (
              <li key={tab}>
                <NavLink
                  to={`/admin/messages?status=${tab}`}
                  aria-current={tab === status ? 'page' : undefined}
                  className={`inline-block rounded-full px-4 py-2 text-sm font-semibold ${tab === status ? 'bg-brand text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-slate-100'}`}
                >
                  {tabLabels[tab]} ({counts[tab]})
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ConsoleTable
          caption={supportStatusLabels[status]}
          headings={['Subject', 'From', 'Messages', 'Last message']}
          empty={threads.length === 0}
          emptyText={`No ${tabLabels[status].toLowerCase()} messages.`}
        >
          {threads.map((thread) => (
            <tr key={thread.id}>
              <Cell>
                <Link to={`/admin/messages/${thread.id}`} className="font-semibold text-brand underline">
                  {thread.subject}
                </Link>
                {thread.topic === 'collection_change' ? (
                  <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Collection change</span>
                ) : null}
              </Cell>
              <Cell>
                {thread.name}
                <br />
                <span className="text-muted">
                  {thread.email} · {thread.member ? 'member' : 'visitor'}
                </span>
              </Cell>
              <Cell>{thread.messageCount}</Cell>
              <Cell>{shopDayTime(thread.lastMessageAt)}</Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
