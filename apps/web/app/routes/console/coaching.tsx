import { Alert } from '../../components/alert';
import { ConsoleNav } from '../../components/console/console-nav';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { loadForStaff } from '../../lib/staff.server';
import { CANCEL_SLOT_FORM, PUBLISH_SLOT_FORM } from './coaching-forms';
import { coachingConsoleAction } from './coaching.server';
import type { Route } from './+types/coaching';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadForStaff(request, () => serverApi(request, context).adminCoachingSlots());
}

/** A slot published or cancelled is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return coachingConsoleAction(args);
}

export const meta = () => [{ title: 'Coaching | Operator console | Base' }];

const input = 'mt-1 rounded-lg border border-slate-300 px-3 py-2 font-normal';
const lengths = [15, 30, 45, 60, 90, 120];

function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p id={`slot-${name}-error`} className="mt-1 text-sm font-medium text-danger">
      {error}
    </p>
  ) : null;
}

export default function AdminCoaching({ loaderData }: Route.ComponentProps) {
  const publish = useActionForm<FormAnswer>(PUBLISH_SLOT_FORM);
  const cancel = useActionForm<FormAnswer>(CANCEL_SLOT_FORM);
  if (loaderData.forbidden) return <StaffOnly />;
  const { errors, values } = publish;
  const field = (name: string) => ({
    id: `slot-${name}`,
    name,
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `slot-${name}-error` : undefined,
  });

  return (
    <>
      <ConsoleNav />
      <section className="mx-auto max-w-6xl px-4 py-8">
        <h1 className="text-3xl font-extrabold">Coaching</h1>
        <p className="mt-2 text-muted">
          Publish the times you coach; members book them up to 24 hours ahead. Times are in US Eastern time.
        </p>
        <publish.fetcher.Form
          ref={publish.formRef}
          method="post"
          aria-labelledby="new-slot"
          className="mt-6 grid gap-4 rounded-2xl bg-white p-5 shadow-sm sm:grid-cols-4"
        >
          <h2 id="new-slot" className="text-lg font-bold sm:col-span-4">
            Publish a slot
          </h2>
          <input type="hidden" name="_form" value={PUBLISH_SLOT_FORM} />
          <div>
            <label htmlFor="slot-date" className="flex flex-col text-sm font-semibold">
              Date
            </label>
            <input {...field('date')} type="date" required className={`${input} w-full`} />
            <FieldError name="date" error={errors.date} />
          </div>
          <div>
            <label htmlFor="slot-time" className="flex flex-col text-sm font-semibold">
              Start time (ET)
            </label>
            <input {...field('time')} type="time" required step={300} className={`${input} w-full`} />
            <FieldError name="time" error={errors.time} />
          </div>
          <div>
            <label htmlFor="slot-minutes" className="flex flex-col text-sm font-semibold">
              Length
            </label>
            <select {...field('minutes')} defaultValue={values.minutes ?? '30'} className={`${input} w-full`}>
              {lengths.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
            <FieldError name="minutes" error={errors.minutes} />
          </div>
          <div className="flex items-end">
            <button
              type="submit"
              disabled={publish.pending}
              aria-busy={publish.pending}
              className="rounded-full bg-brand px-5 py-2 font-semibold text-white disabled:opacity-60"
            >
              {publish.pending ? 'Publishing…' : 'Publish slot'}
            </button>
          </div>
          <div aria-live="polite" className="sm:col-span-4">
            {publish.answer?.message ? <Alert tone={publish.answer.ok ? 'info' : 'error'}>{publish.answer.message}</Alert> : null}
          </div>
        </publish.fetcher.Form>

        <h2 className="mt-8 text-xl font-bold">Upcoming slots</h2>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {cancel.answer?.message ? <Alert tone={cancel.answer.ok ? 'info' : 'error'}>{cancel.answer.message}</Alert> : null}
        </div>
        <div className="mt-3 relative overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="px-4 py-3">
                  When
                </th>
                <th scope="col" className="px-4 py-3">
                  Length
                </th>
                <th scope="col" className="px-4 py-3">
                  Coach
                </th>
                <th scope="col" className="px-4 py-3">
                  Booked by
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.slots.map((slot) => (
                <tr key={slot.id}>
                  <td className="px-4 py-3 font-semibold">{slot.when}</td>
                  <td className="px-4 py-3">{slot.minutes} min</td>
                  <td className="px-4 py-3">{slot.coachName}</td>
                  <td className="px-4 py-3">
                    {slot.booking ? (
                      <>
                        {slot.booking.name}
                        <br />
                        <a href={`mailto:${slot.booking.email}`} className="text-brand underline">
                          {slot.booking.email}
                        </a>
                        {slot.booking.meetingUrl ? (
                          <>
                            <br />
                            <a href={slot.booking.meetingUrl} className="text-brand underline" rel="noreferrer">
                              Join the session
                            </a>
                          </>
                        ) : null}
                      </>
                    ) : (
                      <span className="text-muted">Open</span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <cancel.fetcher.Form method="post">
                      <input type="hidden" name="_form" value={CANCEL_SLOT_FORM} />
                      <input type="hidden" name="slotId" value={slot.id} />
                      <button
                        type="submit"
                        disabled={cancel.pending}
                        aria-label={`Cancel the slot of ${slot.when}`}
                        className="rounded-full border border-danger px-4 py-1 font-semibold text-danger disabled:opacity-60"
                      >
                        Cancel slot
                      </button>
                    </cancel.fetcher.Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {loaderData.slots.length === 0 ? <p className="px-4 py-6 text-center text-muted">No upcoming slots yet.</p> : null}
        </div>
      </section>
    </>
  );
}
