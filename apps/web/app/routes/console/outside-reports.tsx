import { Link } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDay, shopDayTime } from '../../lib/dates';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/outside-reports';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminOutsideReports());
}

export const meta = () => [{ title: 'Outside results | Operator console | Base' }];

/** The reports of other labs members uploaded for their health record, waiting for their values, oldest first. */
export default function OutsideReports({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Outside results</h1>
        <p className="mt-2 text-muted">
          Lab reports members uploaded from other labs. Open one to read its file and enter its values; the member is e-mailed once they are
          in their health record. Times are US Eastern.
        </p>
        {loaderData.waiting.length === 0 ? (
          <p className="mt-6 text-muted">Nothing waiting: every report is entered.</p>
        ) : (
          <div className="relative mt-6 overflow-x-auto rounded-2xl bg-white shadow-sm">
            <table className="w-full min-w-[560px] text-left text-sm">
              <caption className="sr-only">Reports waiting to be entered, oldest first</caption>
              <thead className="bg-slate-50 text-xs uppercase text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Member
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Collected
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Uploaded
                  </th>
                  <th scope="col" className="px-4 py-3">
                    File
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaderData.waiting.map((report) => (
                  <tr key={report.id} className="border-t border-slate-100">
                    <th scope="row" className="px-4 py-3 font-semibold">
                      <Link to={`/admin/outside-reports/${report.id}`} className="text-brand underline">
                        {report.memberFirstName || 'A member'}
                      </Link>
                    </th>
                    <td className="px-4 py-3">{shopDay(`${report.collectedOn}T12:00:00.000Z`)}</td>
                    <td className="px-4 py-3">{shopDayTime(report.uploadedAt)}</td>
                    <td className="px-4 py-3">{report.file.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
