import { Link } from 'react-router';
import { clinicTypeLabels, type ClinicType } from '@shop/core';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable } from '../../components/console/console-table';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDay } from '../../lib/dates';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/clinics';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminClinics());
}

export const meta = () => [{ title: 'Clinics | Operator console | Base' }];

/** A clinic's type as its sign-up named it; a type of before the list is shown as it was stored. */
export const clinicTypeLabel = (type: string) => clinicTypeLabels[type as ClinicType] ?? type;

export default function AdminClinics({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  const { clinics } = loaderData;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Clinics</h1>
        <p className="mt-2 text-sm text-muted">
          Every clinic that signed up for a provider dashboard, newest first. Clients are counted, never named: an order opens on its own
          page.
        </p>
        <ConsoleTable
          caption="Clinics"
          headings={['Clinic', 'Where', 'Since', 'People', 'Clients', 'Orders', 'Paid', 'Card']}
          empty={clinics.length === 0}
          emptyText="No clinic has signed up yet."
          className="mt-6"
        >
          {clinics.map((clinic) => (
            <tr key={clinic.id}>
              <Cell>
                <Link to={`/admin/clinics/${clinic.id}`} className="font-semibold text-brand underline">
                  {clinic.name}
                </Link>
                <span className="block text-muted">{clinicTypeLabel(clinic.type)}</span>
              </Cell>
              <Cell>
                {clinic.city}, {clinic.state}
              </Cell>
              <Cell className="whitespace-nowrap">{shopDay(clinic.createdAt)}</Cell>
              <Cell>{clinic.people}</Cell>
              <Cell>{clinic.clients}</Cell>
              <Cell>{clinic.payLinks}</Cell>
              <Cell>{clinic.paid}</Cell>
              <Cell>{clinic.hasCard ? 'On file' : 'None'}</Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
