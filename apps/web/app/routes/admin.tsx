import { Link } from 'react-router';
import { StaffOnly } from '../components/staff-only';
import { serverApi } from '../lib/api';
import { loadForStaff } from '../lib/staff.server';
import type { Route } from './+types/admin';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminOrders());
}

export const meta = () => [{ title: 'Operator console | Base' }];

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export default function Admin({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">Operator console</h1>
        <Link to="/admin/outbox" className="font-semibold text-brand underline">
          E-mail outbox
        </Link>
      </div>
      <h2 className="mt-8 text-xl font-bold">Recent orders</h2>
      <div className="mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">Order</th>
              <th scope="col" className="px-4 py-3">Customer</th>
              <th scope="col" className="px-4 py-3">Placed</th>
              <th scope="col" className="px-4 py-3">Total</th>
              <th scope="col" className="px-4 py-3">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loaderData.orders.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-muted">
                  No orders yet.
                </td>
              </tr>
            ) : (
              loaderData.orders.map((order) => (
                <tr key={order.id}>
                  <td className="px-4 py-3 font-semibold">#{order.number}</td>
                  <td className="px-4 py-3">{order.email}</td>
                  <td className="px-4 py-3">{dateFormat.format(new Date(order.createdAt))}</td>
                  <td className="px-4 py-3">{order.total}</td>
                  <td className="px-4 py-3">{order.statusLabel}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
