import { Link, useRouteLoaderData } from 'react-router';
import type { AdminApprovalQueue } from '@shop/client';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDayTime } from '../../lib/dates';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/approvals';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminApprovalQueue());
}

export const meta = () => [{ title: 'Approvals | Operator console | Base' }];

type Queued = AdminApprovalQueue['orders'][number];

/** How long an order has waited, in the words a queue is read in. */
export function ageOf(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}

const lanes: { lane: Queued['lane']; title: string; empty: string; hint: string }[] = [
  {
    lane: 'yours',
    title: 'Yours to approve',
    empty: 'Nothing waits for you.',
    hint: 'Orders of people living where you hold a valid licence.',
  },
  {
    lane: 'unlicensed',
    title: 'Waiting for a licensed clinician',
    empty: 'Every waiting order has a clinician licensed where its person lives.',
    hint: 'No clinician on the team holds a valid licence where these people live: an operator adds one on the Licences page.',
  },
  {
    lane: 'others',
    title: 'For other clinicians',
    empty: 'None.',
    hint: 'Another clinician on the team is licensed where these people live.',
  },
];

export default function Approvals({ loaderData }: Route.ComponentProps) {
  const area = useRouteLoaderData<{ role?: string }>('routes/console/area');
  if (loaderData.forbidden) return <StaffOnly />;
  const { orders } = loaderData;
  // a clinician sees their own lane first; the rest of the team sees who waits, and why
  const clinician = area?.role === 'clinician';
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Approvals</h1>
        <p className="mt-2 text-muted">
          Orders wait here, oldest first, until a clinician licensed where the person tested lives approves or declines them.
        </p>
        {lanes
          .filter((lane) => clinician || lane.lane !== 'yours')
          .map((lane) => (
            <Lane key={lane.lane} {...lane} orders={orders.filter((order) => order.lane === lane.lane)} />
          ))}
      </section>
    </>
  );
}

function Lane({ lane, title, empty, hint, orders }: (typeof lanes)[number] & { orders: Queued[] }) {
  const id = `lane-${lane}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold">
        {title} <span className="text-base font-semibold text-muted">({orders.length})</span>
      </h2>
      <p className="mt-1 text-sm text-muted">{hint}</p>
      {orders.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white px-4 py-4 text-sm text-muted shadow-sm">{empty}</p>
      ) : (
        <ConsoleTable
          caption={title}
          headings={['Order', 'Person lives in', 'Waiting', ...(lane === 'yours' ? [] : ['Why not you'])]}
          empty={false}
          className="mt-3"
        >
          {orders.map((order) => (
            <tr key={order.id}>
              <Cell>
                <Link to={`/admin/orders/${order.id}`} className="font-semibold text-brand-dark underline">
                  #{order.number}
                </Link>
              </Cell>
              <Cell>{order.stateName ?? 'Not known'}</Cell>
              <Cell className="min-w-44">
                <span className="font-semibold">{ageOf(order.ageHours)}</span>
                <br />
                <span className="text-muted">since {shopDayTime(order.waitingSince)}</span>
              </Cell>
              {lane === 'yours' ? null : <Cell className="min-w-64">{order.refusal ?? '—'}</Cell>}
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}
