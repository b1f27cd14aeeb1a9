import { orderStatuses, orderStatusLabels } from '@shop/core';
import { Link, useLocation, useNavigation } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { ConsoleSearch, listQuery } from '../../components/console/console-search';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { HeldResults } from '../../components/console/held-results';
import { Pager } from '../../components/console/pager';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/orders';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { url, q, page } = listQuery(request);
  // the statuses the API knows; any other value lists every order
  const status = orderStatuses.find((known) => known === url.searchParams.get('status'));
  const api = serverApi(request, context);
  return loadForStaff(request, async () => ({
    ...(await api.adminOrders({ q, status, page })),
    // the clinician's held results, first on their console; the API answers 403 to other roles
    heldResults: await api.adminResultHolds().then(
      (answer) => answer.holds,
      (error: unknown) => {
        if (isApiError(error) && error.status === 403) return null;
        throw error;
      },
    ),
    q: q ?? '',
    status: status ?? '',
  }));
}

export const meta = () => [{ title: 'Orders | Operator console | Base' }];

export default function Admin({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  if (loaderData.forbidden) return <StaffOnly />;
  const searching = navigation.state === 'loading' && navigation.location.pathname === '/admin';
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Operator console</h1>
        {loaderData.heldResults ? (
          <div className="mt-4">
            <HeldResults holds={loaderData.heldResults} />
          </div>
        ) : null}
        <h2 className="mt-2 text-xl font-bold">Orders</h2>
        <ConsoleSearch label="Order number or e-mail" q={loaderData.q} searching={searching}>
          <label className="flex flex-col text-sm font-semibold">
            Status
            <select
              name="status"
              defaultValue={loaderData.status}
              className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal"
            >
              <option value="">Any status</option>
              {orderStatuses.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabels[status]}
                </option>
              ))}
            </select>
          </label>
        </ConsoleSearch>
        <ConsoleTable
          caption="Orders, newest first"
          headings={['Order', 'Customer', 'Placed', 'Total', 'Status']}
          empty={loaderData.orders.length === 0}
          emptyText="No orders match."
          className="mt-6"
        >
          {loaderData.orders.map((order) => (
            <tr key={order.id}>
              <Cell className="font-semibold">
                <Link to={`/admin/orders/${order.id}`} className="text-brand underline">
                  #{order.number}
                </Link>
              </Cell>
              <Cell>{order.email}</Cell>
              <Cell>{shopDayTime(order.createdAt)}</Cell>
              <Cell>{order.total}</Cell>
              <Cell>{order.statusLabel}</Cell>
            </tr>
          ))}
        </ConsoleTable>
        <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} search={location.search} />
      </section>
    </>
  );
}
