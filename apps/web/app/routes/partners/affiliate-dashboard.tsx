import {
  AFFILIATE_FRIEND_DISCOUNT_PERCENT,
  AFFILIATE_MAX_COMMISSION_CENTS,
  PAYOUT_THRESHOLD_CENTS,
  formatMoney,
  REWARD_CLEARING_DAYS,
} from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { ConsoleTable } from '../../components/console/console-table';
import { serverApi } from '../../lib/api';
import { signInFirstWhen } from '../../lib/errors';
import { useHydrated } from '../../lib/use-hydrated';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/affiliate-dashboard';
import { calendarMonth, shopLongDay } from '../../lib/dates';
import { webEnv } from '../../lib/web-env';

/**
 * The affiliate's dashboard: a visitor signs in first and comes back; an applicant is shown where
 * their application stands; any other account that is no affiliate's is told so, in the area's
 * own words (a 403, or a 404 for an affiliate account that no affiliate is linked to).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  // who is signed in, for the header's first paint (the dashboard itself asks the API again)
  const session = api.session().catch(() => null);
  const sessionUserOf = async () => {
    const user = (await session)?.user;
    return user ? { email: user.email, role: user.role ?? '' } : undefined;
  };
  try {
    const dashboard = await api.affiliateDashboard();
    return {
      sessionUser: await sessionUserOf(),
      dashboard,
      csvUrl: api.affiliateDashboardCsvPath(webEnv().publicApiBaseUrl),
      refused: null,
      application: null,
    };
  } catch (error) {
    signInFirstWhen(error, request);
    if (isApiError(error) && (error.status === 403 || error.status === 404)) {
      const application = await api.myAffiliateApplication().catch((missing: unknown) => {
        if (isApiError(missing) && missing.status === 404) return null;
        throw missing;
      });
      return { sessionUser: await sessionUserOf(), dashboard: null, csvUrl: null, refused: error.message, application };
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Affiliate dashboard',
    description: 'Your links, clicks, first orders and earnings.',
    path: '/affiliate/dashboard',
    noIndex: true,
  });

const cell = 'whitespace-nowrap px-4 py-3';
const headings = ['Month', 'Code', 'Clicks', 'First orders', 'Conversion', 'Pending', 'Approved', 'Paid', 'Clawed back'];
/** "2026-11" as "November 2026". */
const monthLabel = calendarMonth;

/** A link to share: shown in a field anyone can select, with a button that copies it once the page's script runs. */
function ShareLink({ code, link }: { code: string; link: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const fieldId = `link-${code}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm">
      <label htmlFor={fieldId} className="text-sm font-semibold">
        Your link for <span className="font-mono">{code}</span>
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={fieldId}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
        />
        {hydrated ? (
          <button type="button" onClick={copy} className="rounded-full bg-brand px-5 py-2 text-sm font-semibold text-white">
            {copied === 'yes' ? 'Copied' : 'Copy link'}
          </button>
        ) : null}
      </div>
      <p aria-live="polite" className="mt-1 text-sm text-muted">
        {copied === 'failed'
          ? 'Your browser did not let the page copy: select the link and copy it.'
          : copied === 'yes'
            ? 'The link is copied.'
            : ''}
      </p>
    </li>
  );
}

/** An applicant's view: their application's state, nothing of the program's figures. */
function ApplicationState({ application }: { application: NonNullable<Route.ComponentProps['loaderData']['application']> }) {
  const applied = shopLongDay(application.appliedAt);
  return (
    <section className="mx-auto max-w-xl px-4 py-20">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">Affiliate dashboard</p>
      {application.status === 'declined' ? (
        <>
          <h1 className="mt-2 text-3xl font-extrabold">Your application was not accepted</h1>
          <p className="mt-3 text-muted">
            Thank you for applying on {applied}, {application.name}. We are sorry: we cannot accept your application.
          </p>
          {application.declineReason ? (
            <div className="mt-6">
              <Alert tone="warning">The reason: {application.declineReason}</Alert>
            </div>
          ) : null}
          <p className="mt-6 text-muted">Your account stays yours: you can still use it to shop.</p>
        </>
      ) : (
        <>
          <h1 className="mt-2 text-3xl font-extrabold">Your application is under review</h1>
          <p className="mt-3 text-muted">
            Thank you for applying on {applied}, {application.name}. We review every application by hand and write to you once we have
            decided. Once you are approved, this page shows your links, clicks, first orders and earnings.
          </p>
        </>
      )}
      <p className="mt-6">
        <Link to="/affiliate-program" className="font-semibold text-brand underline">
          About the affiliate program
        </Link>
      </p>
    </section>
  );
}

export default function AffiliateDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, csvUrl, refused, application } = loaderData;
  if (!dashboard && application && (application.status === 'applied' || application.status === 'declined')) {
    return <ApplicationState application={application} />;
  }
  if (!dashboard) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Affiliate dashboard</h1>
        <p className="mt-3 text-muted">{refused} The dashboard is for the affiliates of our program.</p>
        <p className="mt-6">
          <Link to="/affiliate-program" className="font-semibold text-brand underline">
            About the affiliate program
          </Link>
        </p>
      </section>
    );
  }
  const { affiliate, links, rows } = dashboard;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">Affiliate dashboard</p>
      <h1 className="mt-2 text-3xl font-extrabold">{affiliate.name}</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Each customer you send gets {AFFILIATE_FRIEND_DISCOUNT_PERCENT}% off their first order, and you earn {affiliate.commissionPercent}%
        of what they paid for it, up to {formatMoney(AFFILIATE_MAX_COMMISSION_CENTS)} per customer. An earning is pending for the{' '}
        {REWARD_CLEARING_DAYS}-day refund window, then approved, and paid with the monthly payout once you have{' '}
        {formatMoney(PAYOUT_THRESHOLD_CENTS)} or more; a refund after approval is clawed back from the next payout.
      </p>

      <h2 className="mt-8 text-xl font-bold">Your links</h2>
      {links.length === 0 ? (
        <p className="mt-2 text-muted">None of your codes works at the moment. Write to us and we will look into it.</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {links.map((share) => (
            <ShareLink key={share.code} code={share.code} link={share.link} />
          ))}
        </ul>
      )}

      <div className="mt-10 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-xl font-bold">By code and month</h2>
        {csvUrl ? (
          <a href={csvUrl} download className="font-semibold text-brand underline">
            Download as CSV
          </a>
        ) : null}
      </div>
      <ConsoleTable
        caption="Clicks, first orders and earnings per code and month, newest month first"
        headings={headings}
        empty={rows.length === 0}
        emptyText="No clicks yet: each visit to one of your links counts here."
      >
        {rows.map((row) => (
          <tr key={`${row.code}|${row.month}`}>
            <td className={cell}>{monthLabel(row.month)}</td>
            <td className={`${cell} font-mono`}>{row.code}</td>
            <td className={cell}>{row.clicks}</td>
            <td className={cell}>{row.firstOrders}</td>
            <td className={cell}>{row.conversion}</td>
            <td className={cell}>{row.pending}</td>
            <td className={cell}>{row.approved}</td>
            <td className={cell}>{row.paid}</td>
            <td className={cell}>{row.clawedBack}</td>
          </tr>
        ))}
      </ConsoleTable>
      <p className="mt-4 text-sm text-muted">Counts and amounts only: the dashboard never names a customer. Months are in UTC.</p>
    </section>
  );
}
