import { biomarkers, type BiomarkerSlug } from '@shop/core';
import { Link } from 'react-router';
import { ConsoleNav } from '../../components/console/console-nav';
import { ResultsEntryForm } from '../../components/lab-results/results-entry-form';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { shopDay, shopDayTime } from '../../lib/dates';
import { notFoundWhen } from '../../lib/errors';
import { loadForStaff } from '../../lib/staff.server';
import { webEnv } from '../../lib/web-env';
import { outsideResultsAction } from './outside-report.server';
import type { Route } from './+types/outside-report';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  return loadForStaff(request, async () => ({
    report: await api.adminOutsideReport(params.id).catch(notFoundWhen),
    fileUrl: api.adminOutsideFilePath(params.id, webEnv().publicApiBaseUrl),
  }));
}

/** The values are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return outsideResultsAction(args);
}

export const meta = () => [{ title: 'Enter outside results | Operator console | Base' }];

const everyBiomarker = Object.keys(biomarkers) as BiomarkerSlug[];

/** One outside report: whose, which lab and day, its file, and the form that enters its values. */
export default function OutsideReport({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  const { report, fileUrl } = loaderData;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-4xl px-4 py-8">
        <p>
          <Link to="/admin/outside-reports" className="text-sm font-semibold text-brand underline">
            All outside results
          </Link>
        </p>
        <h1 className="mt-3 text-3xl font-extrabold">Outside results: {report.labName}</h1>
        <dl className="mt-4 grid gap-2 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">Member</dt>
            <dd className="font-semibold">{report.memberName}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Collected</dt>
            <dd className="font-semibold">{shopDay(`${report.collectedOn}T12:00:00.000Z`)}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Uploaded</dt>
            <dd className="font-semibold">{shopDayTime(report.uploadedAt)}</dd>
          </div>
        </dl>
        <p className="mt-4">
          <a href={fileUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand underline">
            Open the report ({report.file.label})
          </a>
        </p>
        {report.enteredAt ? (
          <p role="status" className="mt-6 rounded-xl bg-brand-soft p-4 font-semibold">
            Its values were entered on {shopDayTime(report.enteredAt)} and are in the member’s health record; the member is e-mailed that
            their outside results are in. They cannot be entered twice.
          </p>
        ) : (
          <>
            <p className="mt-6 text-muted">
              Enter each value the report gives, in one of the units the biomarker takes, with the lab’s own range when it prints one. Leave
              the others blank. Values are read in the record’s units; a biomarker the record does not know cannot be entered.
            </p>
            <ResultsEntryForm biomarkers={everyBiomarker} />
          </>
        )}
      </section>
    </>
  );
}
