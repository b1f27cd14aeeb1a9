import { Form, Link, useActionData, useNavigation } from 'react-router';
import { CENSUS_HEADER } from '@shop/core';
import { buttonClasses } from '../../components/button';
import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { EmployerAdminInvitations } from '../../components/partners/employer-admin-invitations';
import { EmployerBillingDetails } from '../../components/partners/employer-billing-details';
import { EmployerInvoiceTable } from '../../components/partners/employer-invoices';
import { CensusHeader } from '../../components/partners/census-header';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { notFoundWhen } from '../../lib/errors';
import { loadForStaff } from '../../lib/staff.server';
import { EmployerBankSection } from './employer-bank';
import { EmployerGroupForm } from './employer-group-form';
import { RevokeAdmin, RevokeAdminForm } from '../../components/partners/business-revoke-admin';
import { REVOKE_ADMIN_FORM } from '../partners/business-portal-launch-forms';
import { ADMINS_FORM, CENSUS_FORM, CODES_FORM, GROUP_FORM, INVOICE_FORM } from './employers-forms';
import { groupPageAction, type GroupPageAnswer } from './employers.server';
import type { Route } from './+types/employer';
import { webEnv } from '../../lib/web-env';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadForStaff(request, async () => {
    const api = serverApi(request, context);
    const publicApi = webEnv().publicApiBaseUrl;
    const [group, { invoices }, bank, { invitations }] = await Promise.all([
      api.adminEmployerGroup(params.id).catch(notFoundWhen),
      api.adminEmployerInvoices(params.id).catch(notFoundWhen),
      api.adminEmployerBank(params.id).catch(notFoundWhen),
      api.adminEmployerInvitations(params.id).catch(notFoundWhen),
    ]);
    const listed = invoices.map((invoice) => ({
      ...invoice,
      pdfUrl: invoice.hasPdf ? api.adminEmployerInvoicePdfPath(params.id, invoice.id, publicApi) : null,
    }));
    return { group, invoices: listed, bank, invitations };
  });
}

/** The group's settings, a batch of codes and a census upload are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return groupPageAction(args);
}

export const meta = () => [{ title: 'Employer group | Operator console | Base' }];

const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';
/** the form the admins list's revocation buttons send: outside the invitation's form, which holds the list */
const REVOKE_FORM_ID = 'revoke-admin-form';

export default function AdminEmployer({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<GroupPageAnswer>();
  const navigation = useNavigation();
  if (loaderData.forbidden) return <StaffOnly />;
  const { group, invoices, bank, invitations } = loaderData;
  const sending = (form: string) => navigation.state === 'submitting' && navigation.formData?.get('_form') === form;
  const answerOf = (form: string) => (answer?.form === form ? answer : undefined);
  const groupAnswer = answerOf(GROUP_FORM);
  const codes = answerOf(CODES_FORM);
  const census = answerOf(CENSUS_FORM);
  const admins = answerOf(ADMINS_FORM);
  const invoiceAnswer = answerOf(INVOICE_FORM);
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <p className="text-sm">
          <Link to="/admin/employers" className="font-semibold text-brand underline">
            Employer groups
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-extrabold">{group.name}</h1>
        <p className="mt-1 text-muted">
          <a href={`/b2b/${group.slug}`} className="underline">
            /b2b/{group.slug}
          </a>{' '}
          · {group.enrolled} enrolled · {group.covered} covered orders
        </p>
        <EmployerBillingDetails billing={group.billing} />
        <EmployerGroupForm
          group={group}
          errors={groupAnswer && !groupAnswer.ok ? groupAnswer.errors : {}}
          message={groupAnswer?.message}
          ok={groupAnswer?.ok ?? false}
          pending={sending(GROUP_FORM)}
          submitLabel="Save group"
        />

        {group.eligibility === 'code' ? (
          <Form method="post" className="mt-8 rounded-2xl bg-white p-5 shadow-sm" aria-label="Eligibility codes">
            <h2 className="text-lg font-bold">Eligibility codes</h2>
            <p className="mt-1 text-sm text-muted">
              {group.codes} minted, {group.codesUsed} used. Each code works once; a batch is shown once and kept only as hashes.
            </p>
            <input type="hidden" name="_form" value={CODES_FORM} />
            <label className="mt-4 flex max-w-xs flex-col text-sm font-semibold">
              How many codes
              <input name="count" type="number" min={1} max={500} defaultValue={10} className={input} />
            </label>
            {codes && !codes.ok && codes.errors.count ? <p className="mt-1 text-sm font-medium text-danger">{codes.errors.count}</p> : null}
            <button type="submit" disabled={sending(CODES_FORM)} className={`mt-4 ${buttonClasses({ size: 'medium' })}`}>
              {sending(CODES_FORM) ? 'Minting…' : 'Mint codes'}
            </button>
            <div aria-live="polite" className="mt-4">
              {codes?.message ? <Alert tone={codes.ok ? 'info' : 'error'}>{codes.message}</Alert> : null}
              {codes?.ok && 'codes' in codes ? (
                <textarea
                  readOnly
                  aria-label="New codes"
                  rows={Math.min(12, codes.codes.length)}
                  className={`${input} font-mono`}
                  value={codes.codes.join('\n')}
                />
              ) : null}
            </div>
          </Form>
        ) : group.eligibility === 'census' ? (
          <Form method="post" className="mt-8 rounded-2xl bg-white p-5 shadow-sm" aria-label="Census">
            <h2 className="text-lg font-bold">Census</h2>
            <p className="mt-1 text-sm text-muted">
              Version {group.censusVersion}: {group.census} eligible employees. Paste the whole census; a dry run says what would change. A
              bad line changes nothing.
            </p>
            <input type="hidden" name="_form" value={CENSUS_FORM} />
            <label className="mt-4 flex flex-col text-sm font-semibold">
              <span>
                Census CSV (header: <CensusHeader />)
              </span>
              <textarea name="csv" rows={8} className={`${input} font-mono`} placeholder={CENSUS_HEADER} />
            </label>
            {census && !census.ok && census.errors.csv ? <p className="mt-1 text-sm font-medium text-danger">{census.errors.csv}</p> : null}
            <div className="mt-4 flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="dry-run"
                disabled={sending(CENSUS_FORM)}
                className="rounded-full border border-ink px-5 py-2 font-semibold disabled:opacity-60"
              >
                Dry run
              </button>
              <button
                type="submit"
                name="intent"
                value="apply"
                disabled={sending(CENSUS_FORM)}
                className={buttonClasses({ size: 'medium' })}
              >
                {sending(CENSUS_FORM) ? 'Uploading…' : 'Apply census'}
              </button>
            </div>
            <div aria-live="polite" className="mt-4">
              {census?.message ? <Alert tone={census.ok ? 'info' : 'error'}>{census.message}</Alert> : null}
              {census?.ok && 'census' in census && census.census.preview.length > 0 ? (
                <ul className="mt-3 text-sm">
                  {census.census.preview.map((line, index) => (
                    <li key={index}>
                      {line.change}: {line.name}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </Form>
        ) : (
          <p className="mt-8 rounded-2xl bg-white p-5 text-sm shadow-sm">
            Eligibility by work e-mail at {group.emailDomains.map((domain) => `@${domain}`).join(', ')}: {group.enrolled} confirmed. Each
            link works once, for 24 hours.
          </p>
        )}
        <Form method="post" className="mt-8 rounded-2xl bg-white p-5 shadow-sm" aria-label="Employer admins">
          <h2 className="text-lg font-bold">Employer admins</h2>
          <p className="mt-1 text-sm text-muted">
            An admin signs in to the employer portal at /business/portal: the plan year and figures that name nobody. Up to 5 per group. The
            invitation’s link lets the admin choose a password and create their account.
          </p>
          <input type="hidden" name="_form" value={ADMINS_FORM} />
          <label className="mt-4 flex max-w-md flex-col text-sm font-semibold">
            E-mail of the admin
            <input name="email" type="email" required className={input} />
          </label>
          {admins && !admins.ok && admins.errors.email ? (
            <p className="mt-1 text-sm font-medium text-danger">{admins.errors.email}</p>
          ) : null}
          <button type="submit" disabled={sending(ADMINS_FORM)} className={`mt-4 ${buttonClasses({ size: 'medium' })}`}>
            {sending(ADMINS_FORM) ? 'Inviting…' : 'Invite admin'}
          </button>
          <div aria-live="polite" className="mt-4">
            {admins?.message ? <Alert tone={admins.ok ? 'info' : 'error'}>{admins.message}</Alert> : null}
          </div>
          <div aria-live="polite" className="mt-4">
            {answerOf(REVOKE_ADMIN_FORM)?.message ? (
              <Alert tone={answerOf(REVOKE_ADMIN_FORM)?.ok ? 'info' : 'error'}>{answerOf(REVOKE_ADMIN_FORM)?.message}</Alert>
            ) : null}
          </div>
          <EmployerAdminInvitations
            invitations={invitations}
            action={(invitation) => <RevokeAdmin invitation={invitation} you={null} formId={REVOKE_FORM_ID} />}
          />
        </Form>
        <RevokeAdminForm id={REVOKE_FORM_ID} />
        <EmployerBankSection bank={bank} answerOf={answerOf} sending={sending} />
        <section className="mt-8" aria-label="Invoices">
          <h2 className="text-lg font-bold">Invoices</h2>
          <p className="mt-1 text-sm text-muted">
            A job invoices each month’s covered orders once the month ends; a refunded or cancelled order is credited on the next one. Mark
            an invoice paid when its transfer arrives, or void when it is not owed.
          </p>
          <div aria-live="polite" className="mt-3">
            {invoiceAnswer?.message ? <Alert tone={invoiceAnswer.ok ? 'info' : 'error'}>{invoiceAnswer.message}</Alert> : null}
          </div>
          <EmployerInvoiceTable
            invoices={invoices}
            actions={(invoice) =>
              invoice.status === 'open' ? (
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="_form" value={INVOICE_FORM} />
                  <input type="hidden" name="invoiceId" value={invoice.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="paid"
                    disabled={sending(INVOICE_FORM)}
                    className="rounded-full bg-brand px-3 py-1 font-semibold text-white disabled:opacity-60"
                  >
                    Mark paid<span className="sr-only"> {invoice.number}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="void"
                    disabled={sending(INVOICE_FORM)}
                    className="rounded-full border border-ink px-3 py-1 font-semibold disabled:opacity-60"
                  >
                    Void<span className="sr-only"> {invoice.number}</span>
                  </button>
                </Form>
              ) : null
            }
          />
        </section>
      </section>
    </>
  );
}
