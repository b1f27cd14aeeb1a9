import { Link, useActionData, useNavigation } from 'react-router';
import { formatMoney } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { BankStatements } from '../../components/partners/bank-statements';
import { AdminsSection } from '../../components/partners/business-admins';
import { CensusSection } from '../../components/partners/business-census';
import { CodesSection } from '../../components/partners/business-codes';
import { EmployerInvoiceTable } from '../../components/partners/employer-invoices';
import { serverApi } from '../../lib/api';
import { signInFirstWhen } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import { ADMINS_FORM, CENSUS_FORM, CODES_FORM } from './business-portal-forms';
import { businessPortalAction, type PortalAnswer } from './business-portal.server';
import { portalLaunchData } from './business-portal-launch.server';
import { REVOKE_ADMIN_FORM } from './business-portal-launch-forms';
import { BankNoticeBanner, LaunchKitSection } from '../../components/partners/business-launch-kit';
import type { Route } from './+types/business-portal';
import { calendarMonth } from '../../lib/dates';
import { webEnv } from '../../lib/web-env';

/** The employer portal: a visitor signs in first; an account that is no employer admin is told so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const publicApi = webEnv().publicApiBaseUrl;
  try {
    const [portal, { invoices }, census, { batches }, { invitations }, launch] = await Promise.all([
      api.businessPortal(),
      api.businessInvoices(),
      api.businessCensus(),
      api.businessCodeBatches(),
      api.businessAdmins(),
      portalLaunchData(api),
    ]);
    const listed = invoices.map((invoice) => ({
      ...invoice,
      pdfUrl: invoice.hasPdf ? api.businessInvoicePdfPath(invoice.id, publicApi) : null,
    }));
    return { portal, invoices: listed, census, batches, invitations, launch, refused: null };
  } catch (error) {
    signInFirstWhen(error, request);
    if (isApiError(error) && error.status === 403)
      return { portal: null, invoices: [], census: null, batches: [], invitations: [], launch: null, refused: error.message };
    throw error;
  }
}

/** The census (checked, then uploaded) and batches of codes are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return businessPortalAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Employer portal',
    description: 'Your employees’ health benefit in figures.',
    path: '/business/portal',
    noIndex: true,
  });

const figureLabels = [
  ['eligible', 'Eligible'],
  ['enrolled', 'Enrolled'],
  ['ordered', 'Ordered a test'],
  ['kitsReturned', 'Kits returned'],
  ['resultsReady', 'Results ready'],
  ['programStarted', 'Program started'],
] as const;

export default function BusinessPortal({ loaderData }: Route.ComponentProps) {
  const { portal, invoices, census, batches, invitations, launch, refused } = loaderData;
  const answer = useActionData<PortalAnswer>();
  const navigation = useNavigation();
  const sent = navigation.state === 'submitting' ? navigation.formData : undefined;
  const answerOf = (form: string) => (answer?.form === form ? answer : undefined);
  if (!portal) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Employer portal</h1>
        <p className="mt-3 text-muted">
          {refused} The portal is for the employer admins invited to it: an admin removed by another admin of their group has no access any
          more.
        </p>
      </section>
    );
  }
  const { group, figures } = portal;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">Employer portal</p>
      <h1 className="mt-2 text-3xl font-extrabold">{group.name}</h1>
      <p className="mt-2 text-muted">
        Plan year {group.planYearStart} to {group.planYearEnd} · eligibility by {eligibilityWords[group.eligibility] ?? group.eligibility}
        {group.capEmployees !== null ? ` · cap ${group.capEmployees} employees` : ''}
        {group.capSpendCents !== null ? ` · cap ${formatMoney(group.capSpendCents)}` : ''}
      </p>
      {launch ? <BankNoticeBanner notice={launch.bankNotice} /> : null}
      {launch ? <LaunchKitSection kit={launch.launchKit} /> : null}
      <h2 className="mt-8 text-xl font-bold">This plan year</h2>
      <p className="mt-1 text-sm text-muted">{countedWords(portal.figuresAsOf)}</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figureLabels.map(([key, label]) => (
          <div key={key} className="rounded-2xl bg-white p-5 shadow-sm">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-extrabold">{figures[key]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-sm text-muted">
        Figures count people, never name them; any figure under 5 is shown as “fewer than 5”. They are counted at the end of each month, and
        a figure changes only once five people or more stand behind the change, so no figure ever points at one person. Each employee’s
        results are theirs alone.
      </p>
      {group.eligibility === 'census' && census ? (
        <CensusSection
          census={census}
          answer={answerOf(CENSUS_FORM)}
          sending={sent?.get('_form') === CENSUS_FORM ? (sent.get('intent') === 'upload' ? 'upload' : 'check') : null}
        />
      ) : null}
      {group.eligibility === 'code' ? (
        <CodesSection batches={batches} answer={answerOf(CODES_FORM)} sending={sent?.get('_form') === CODES_FORM} />
      ) : null}
      <AdminsSection
        invitations={invitations}
        answer={answerOf(ADMINS_FORM)}
        sending={sent?.get('_form') === ADMINS_FORM}
        you={launch?.you ?? null}
        revokeAnswer={answerOf(REVOKE_ADMIN_FORM)}
      />
      <h2 className="mt-10 text-xl font-bold">Billing</h2>
      <p className="mt-1">
        <Link to="/business/portal/billing" className="font-semibold text-brand underline">
          Pay invoices, set your billing details{group.billingMode === 'prepaid' ? ' and add funds' : ''}
        </Link>
      </p>
      {group.billingMode === 'prepaid' ? (
        <>
          <p className="mt-1">
            Your covered tests are paid from your prepaid testing bank. Each month after it ends you get a statement: what you topped up,
            and what your employees’ covered tests drew, as one figure once five people or more are behind it. A smaller month is carried to
            a later one, so no figure ever points at one person. When the bank runs out, employees can still buy at the normal price until
            you top it up.
          </p>
          <BankStatements statements={portal.bankStatements} />
        </>
      ) : (
        <p className="mt-1">Your covered tests are billed by monthly invoice, after each month ends.</p>
      )}
      <h2 className="mt-10 text-xl font-bold">Invoices</h2>
      <p className="mt-1 text-sm text-muted">
        Covered tests are invoiced after the month ends, a line per product with how many people are behind it, never an order or a person.
        A line stands for five people or more: a month with fewer is carried to a later invoice, and a refunded or cancelled order is netted
        into a later invoice’s totals.
      </p>
      <EmployerInvoiceTable invoices={invoices} />
    </section>
  );
}

/** When the figures were counted: the end of the plan year's last ended month (`asOf` is the next month's first instant). */
function countedWords(asOf: string | null) {
  if (asOf === null)
    return 'Your figures are counted at the end of each month: the first count comes once this plan year’s first month ends.';
  const month = calendarMonth(new Date(Date.parse(asOf) - 1).toISOString().slice(0, 7));
  return `Counted at the end of ${month}.`;
}

const eligibilityWords: Record<string, string> = { code: 'codes', census: 'census', domain: 'work e-mail' };
