import { Form, useLocation } from 'react-router';
import { buttonClasses } from '../../components/button';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
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
          <button type="submit" className={buttonClasses({ size: 'medium' })}>
            Search
          </button>
        </Form>
        <ConsoleTable
          caption="Customers"
          headings={['Name', 'E-mail', 'Since', 'Orders']}
          empty={loaderData.customers.length === 0}
          emptyText="No customers match."
          className="mt-6"
        >
          {loaderData.customers.map((customer) => (
            <tr key={customer.id}>
              <Cell>{customer.name}</Cell>
              <Cell>{customer.email}</Cell>
              <Cell>{shopDay(customer.createdAt)}</Cell>
              <Cell>{customer.orderCount}</Cell>
            </tr>
          ))}
        </ConsoleTable>
        <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} search={location.search} />
      </section>
    </>
  );
}
