import type { AdminLabReviewQueue } from '@shop/client';
import { Link, useRouteLoaderData } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/lab-reviews';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminLabReviews());
}

export const meta = () => [{ title: 'Lab reviews | Operator console | Base' }];

type Item = AdminLabReviewQueue['open'][number];
/** Who opens a review: the reviewers; an operator watches the clocks. */
const reviewerRoles = new Set(['clinician', 'coach']);

export default function LabReviews({ loaderData }: Route.ComponentProps) {
  const area = useRouteLoaderData<{ role?: string }>('routes/console/area');
  if (loaderData.forbidden) return <StaffOnly />;
  const canOpen = reviewerRoles.has(area?.role ?? '');
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Lab reviews</h1>
        <p className="mt-2 text-muted">
          Nutritional plans from members’ own lab reports. Each is due 48 hours after its first file arrived. Times are US Eastern.
        </p>
        {loaderData.late > 0 ? (
          <p role="status" className="mt-4 rounded-xl bg-red-50 px-4 py-3 font-semibold text-danger">
            {loaderData.late} {loaderData.late === 1 ? 'review is' : 'reviews are'} late.
          </p>
        ) : null}
        <h2 className="mt-8 text-xl font-bold">Waiting for a plan</h2>
        {loaderData.open.length === 0 ? (
          <p className="mt-3 text-muted">Nothing waiting: every plan is written.</p>
        ) : (
          <Table items={loaderData.open} canOpen={canOpen} caption="Reviews waiting for a plan, soonest due first" />
        )}
        <h2 className="mt-10 text-xl font-bold">Recently sent</h2>
        {loaderData.delivered.length === 0 ? (
          <p className="mt-3 text-muted">No plan sent yet.</p>
        ) : (
          <Table items={loaderData.delivered} canOpen={canOpen} caption="Plans sent, latest first" />
        )}
      </section>
    </>
  );
}

function Table({ items, canOpen, caption }: { items: Item[]; canOpen: boolean; caption: string }) {
  return (
    <div className="mt-3 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-muted">
          <tr>
            <th className="px-4 py-3">Order</th>
            <th className="px-4 py-3">Member</th>
            <th className="px-4 py-3">Files</th>
            <th className="px-4 py-3">Arrived</th>
            <th className="px-4 py-3">Due</th>
            <th className="px-4 py-3">Clock</th>
            <th className="px-4 py-3">Reviewer</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-slate-100">
              <td className="px-4 py-3 font-semibold">
                {canOpen ? (
                  <Link to={`/admin/lab-reviews/${item.id}`} className="text-brand underline">
                    #{item.orderNumber}
                  </Link>
                ) : (
                  `#${item.orderNumber}`
                )}
              </td>
              <td className="px-4 py-3">{item.memberFirstName}</td>
              <td className="px-4 py-3">{item.files}</td>
              <td className="px-4 py-3">{shopDayTime(item.submittedAt)}</td>
              <td className="px-4 py-3">{shopDayTime(item.dueAt)}</td>
              <td className="px-4 py-3">
                <span
                  className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${item.late ? 'bg-red-100 text-danger' : item.clock === 'delivered' ? 'bg-brand-soft text-brand-dark' : 'bg-slate-100 text-slate-700'}`}
                >
                  {item.clockText}
                </span>
              </td>
              <td className="px-4 py-3">{item.reviewerName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
