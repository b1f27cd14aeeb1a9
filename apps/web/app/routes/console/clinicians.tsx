import { stateNames, usStates } from '@shop/core';
import type { AdminClinicians } from '@shop/client';
import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { ConsoleField, consoleFields, consoleInput as input } from '../../components/console/console-field';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { calendarDay } from '../../lib/dates';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { LICENCE_FORM, REMOVE_LICENCE_FORM } from './clinicians-forms';
import { cliniciansAction } from './clinicians.server';
import type { Route } from './+types/clinicians';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, async () => ({
    ...(await serverApi(request, context).adminClinicians()),
    // the day the page was drawn on, for what has expired (the API decides again at approval)
    today: new Date().toISOString().slice(0, 10),
  }));
}

export function action(args: Route.ActionArgs) {
  return cliniciansAction(args);
}

export const meta = () => [{ title: 'Licences | Operator console | Base' }];

type Clinician = AdminClinicians['clinicians'][number];

export default function Clinicians({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Licences</h1>
        <p className="mt-2 text-muted">
          A clinician approves an order only with a licence, valid that day, in the state where the person tested lives. Record each licence
          as the state board shows it; a renewal replaces the licence of the same state. Every change is audited.
        </p>
        {loaderData.clinicians.length === 0 ? (
          <p className="mt-6 rounded-2xl bg-white px-4 py-6 text-center text-muted shadow-sm">
            No clinicians yet: invite one on the Team page.
          </p>
        ) : null}
        <ul className="mt-6 space-y-6">
          {loaderData.clinicians.map((clinician) => (
            <ClinicianLicences key={clinician.id} clinician={clinician} today={loaderData.today} />
          ))}
        </ul>
      </section>
    </>
  );
}

function ClinicianLicences({ clinician, today }: { clinician: Clinician; today: string }) {
  const add = useActionForm<FormAnswer>(LICENCE_FORM, (_answer, form) => form.reset(), clinician.id);
  const remove = useActionForm<FormAnswer>(REMOVE_LICENCE_FORM, undefined, clinician.id);
  const answer = add.answer ?? remove.answer;
  const { errors, values } = add;
  const id = (name: string) => `licence-${clinician.id}-${name}`;
  const field = consoleFields(`licence-${clinician.id}`, add);
  const headingId = `clinician-${clinician.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-bold">
        {clinician.name} <span className="text-sm font-normal text-muted [overflow-wrap:anywhere]">{clinician.email}</span>
      </h2>
      {clinician.licences.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No licence yet: this clinician can approve no order.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Licences of {clinician.name}</caption>
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  State
                </th>
                <th scope="col" className="py-2 pr-3">
                  Number
                </th>
                <th scope="col" className="py-2 pr-3">
                  Valid through
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {clinician.licences.map((licence) => (
                <tr key={licence.state}>
                  <td className="py-2 pr-3 font-semibold">{stateNames[licence.state]}</td>
                  <td className="py-2 pr-3 font-mono">{licence.number}</td>
                  <td className="py-2 pr-3">
                    {calendarDay(licence.expiresOn)}
                    {licence.expiresOn < today ? <span className="ml-2 font-semibold text-danger">Expired</span> : null}
                  </td>
                  <td className="py-2 text-right">
                    <remove.fetcher.Form method="post">
                      <input type="hidden" name="_form" value={REMOVE_LICENCE_FORM} />
                      <input type="hidden" name="clinicianId" value={clinician.id} />
                      <input type="hidden" name="state" value={licence.state} />
                      <button
                        type="submit"
                        disabled={remove.pending}
                        aria-label={`Remove the ${stateNames[licence.state]} licence of ${clinician.name}`}
                        className={buttonClasses({ variant: 'danger', size: 'small' })}
                      >
                        Remove
                      </button>
                    </remove.fetcher.Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <add.fetcher.Form
        ref={add.formRef}
        method="post"
        noValidate
        aria-label={`Add or renew a licence of ${clinician.name}`}
        className="mt-4 grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-4"
      >
        <input type="hidden" name="_form" value={LICENCE_FORM} />
        <input type="hidden" name="clinicianId" value={clinician.id} />
        <ConsoleField id={id('state')} label="State" error={errors.state}>
          <select {...field('state')} defaultValue={values.state ?? ''} required className={input}>
            <option value="" disabled>
              Choose a state
            </option>
            {usStates.map((state) => (
              <option key={state} value={state}>
                {stateNames[state]}
              </option>
            ))}
          </select>
        </ConsoleField>
        <ConsoleField id={id('number')} label="Licence number" error={errors.number}>
          <input {...field('number')} autoComplete="off" required maxLength={40} className={input} />
        </ConsoleField>
        <ConsoleField id={id('expiresOn')} label="Valid through" error={errors.expiresOn}>
          <input {...field('expiresOn')} type="date" required className={input} />
        </ConsoleField>
        <div className="flex items-end">
          <button type="submit" disabled={add.pending} aria-busy={add.pending || undefined} className={buttonClasses({ size: 'medium' })}>
            {add.pending ? 'Saving…' : 'Save licence'}
          </button>
        </div>
      </add.fetcher.Form>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
      </div>
    </li>
  );
}
