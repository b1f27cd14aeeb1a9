import { useLocation } from 'react-router';
import { ConsoleSearch, listQuery } from '../../components/console/console-search';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { Pager } from '../../components/console/pager';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/customers';
import { shopDay } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { q, page } = listQuery(request);
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
        <ConsoleSearch label="Name or e-mail" q={loaderData.q} />
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
