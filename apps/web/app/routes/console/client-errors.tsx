import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { loadForStaff } from '../../lib/staff.server';
import type { Route } from './+types/client-errors';
import { shopDayTime } from '../../lib/dates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminClientErrors());
}

export const meta = () => [{ title: 'Page errors | Operator console | Base' }];

/** The errors the shop's pages met in visitors' browsers, as the pages reported them (scrubbed by the API), newest first. */
export default function AdminClientErrors({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  const { errors } = loaderData;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Page errors</h1>
        <p className="mt-2 max-w-3xl text-sm text-muted">
          What broke in visitors’ browsers, reported by the pages themselves. Query strings, e-mail addresses (even percent-encoded), tokens
          and long numbers are removed before anything is kept; no monitoring service sees a page.
        </p>
        {errors.length === 0 ? (
          <p className="mt-8 rounded-2xl bg-white p-5 text-sm shadow-sm">No page has reported an error.</p>
        ) : (
          <ol className="mt-6 space-y-3">
            {errors.map((error) => (
              <li key={error.id} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm">
                <p className="font-semibold break-words">{error.message}</p>
                <p className="mt-1 text-sm text-muted">
                  <span className="font-mono">{error.page}</span> ·{' '}
                  <time dateTime={error.occurredAt}>{shopDayTime(error.occurredAt, { seconds: true })}</time>
                  {error.release ? ` · release ${error.release}` : ''}
                </p>
                {error.stack ? (
                  <details className="mt-2 text-sm">
                    <summary className="cursor-pointer font-semibold text-brand-dark">Stack</summary>
                    <pre className="mt-2 relative overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs">{error.stack}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
