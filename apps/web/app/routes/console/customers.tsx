import { Form, useLocation } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { Pager } from '../../components/console/pager';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/customers';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim() || undefined;
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  return loadForStaff(request, async () => ({ ...(await serverApi(request, context).adminCustomers({ q, page })), q: q ?? '' }));
}

export const meta = () => [{ title: 'Customers | Operator console | Base' }];

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Customers</h1>
        <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm font-semibold">
            Name or e-mail
            <input
              name="q"
              type="search"
              defaultValue={loaderData.q}
              className="mt-1 w-72 rounded-lg border border-slate-300 px-3 py-2 font-normal"
            />
          </label>
          <button type="submit" className="rounded-full bg-brand px-5 py-2 font-semibold text-white">
            Search
          </button>
        </Form>
        <div className="mt-6 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  E-mail
                </th>
                <th scope="col" className="px-4 py-3">
                  Since
                </th>
                <th scope="col" className="px-4 py-3">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.customers.map((customer) => (
                <tr key={customer.id}>
                  <td className="px-4 py-3">{customer.name}</td>
                  <td className="px-4 py-3">{customer.email}</td>
                  <td className="px-4 py-3">{shopDay(customer.createdAt)}</td>
                  <td className="px-4 py-3">{customer.orderCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaderData.customers.length === 0 ? <p className="px-4 py-6 text-center text-muted">No customers match.</p> : null}
        </div>
        <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} search={location.search} />
      </section>
    </>
  );
}
