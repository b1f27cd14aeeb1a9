import type { AdminResultHold } from '@shop/client';
import { outreachAgeText } from '@shop/core';
import { Link } from 'react-router';

/**
 * The clinician's first task in the console: results held for a critical or alert value, critical
 * first, each with its clock (how long held; a critical value is a call at once, an alert value
 * by the next day) and a link to record attempts and release them.
 */
export function HeldResults({ holds }: { holds: readonly AdminResultHold[] }) {
  return (
    <section aria-labelledby="held-results" className="mb-8 rounded-2xl border-2 border-danger/40 bg-white p-5 shadow-sm">
      <h2 id="held-results" className="text-xl font-bold">
        Results held for a clinician ({holds.length})
      </h2>
      {holds.length === 0 ? (
        <p className="mt-2 text-muted">No results wait for a call.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {holds.map((hold) => (
            <li key={hold.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <span
                className={`inline-block rounded-full px-3 py-1 text-xs font-bold ${hold.level === 'critical' ? 'bg-red-100 text-danger' : 'bg-amber-100 text-amber-900'}`}
              >
                {hold.level === 'critical' ? 'Critical: call at once' : 'Alert: call by the next day'}
              </span>
              <Link to={`/admin/result-holds/${hold.id}`} className="font-semibold text-brand underline [overflow-wrap:anywhere]">
                Order #{hold.orderNumber}, {hold.name || hold.email}
              </Link>
              <span className="text-sm text-muted">
                {hold.kit} · held {outreachAgeText(hold.ageMinutes)} · {hold.attempts} {hold.attempts === 1 ? 'attempt' : 'attempts'}
                {hold.overdue ? <strong className="text-danger"> · overdue</strong> : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
