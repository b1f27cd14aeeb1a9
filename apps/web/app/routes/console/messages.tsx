import { supportStatuses, supportStatusLabels, type SupportStatus } from '@shop/core';
import { Link, NavLink } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
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
        <div className="mt-4 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{supportStatusLabels[status]}</caption>
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Subject
                </th>
                <th scope="col" className="px-4 py-3">
                  From
                </th>
                <th scope="col" className="px-4 py-3">
                  Messages
                </th>
                <th scope="col" className="px-4 py-3">
                  Last message
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {threads.map((thread) => (
                <tr key={thread.id}>
                  <td className="px-4 py-3">
                    <Link to={`/admin/messages/${thread.id}`} className="font-semibold text-brand underline">
                      {thread.subject}
                    </Link>
                    {thread.topic === 'collection_change' ? (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        Collection change
                      </span>
                    ) : null}
                  </td>
                  <td className="px-4 py-3">
                    {thread.name}
                    <br />
                    <span className="text-muted">
                      {thread.email} · {thread.member ? 'member' : 'visitor'}
                    </span>
                  </td>
                  <td className="px-4 py-3">{thread.messageCount}</td>
                  <td className="px-4 py-3">{shopDayTime(thread.lastMessageAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {threads.length === 0 ? <p className="px-4 py-6 text-center text-muted">No {tabLabels[status].toLowerCase()} messages.</p> : null}
        </div>
      </section>
    </>
  );
}
