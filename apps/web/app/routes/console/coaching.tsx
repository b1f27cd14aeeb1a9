import { Alert } from '../../components/alert';
import { buttonClasses } from '../../components/button';
import { ConsoleField, consoleFields, consoleInput as input } from '../../components/console/console-field';
import { ConsoleNav } from '../../components/console/console-nav';
import { Cell, ConsoleTable, Unseen } from '../../components/console/console-table';
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

const lengths = [15, 30, 45, 60, 90, 120];

export default function AdminCoaching({ loaderData }: Route.ComponentProps) {
  const publish = useActionForm<FormAnswer>(PUBLISH_SLOT_FORM);
  const cancel = useActionForm<FormAnswer>(CANCEL_SLOT_FORM);
  if (loaderData.forbidden) return <StaffOnly />;
  const { errors, values } = publish;
  const field = consoleFields('slot', publish);

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
          <ConsoleField id="slot-date" label="Date" error={errors.date}>
            <input {...field('date')} type="date" required className={input} />
          </ConsoleField>
          <ConsoleField id="slot-time" label="Start time (ET)" error={errors.time}>
            <input {...field('time')} type="time" required step={300} className={input} />
          </ConsoleField>
          <ConsoleField id="slot-minutes" label="Length" error={errors.minutes}>
            <select {...field('minutes')} defaultValue={values.minutes ?? '30'} className={input}>
              {lengths.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} minutes
                </option>
              ))}
            </select>
          </ConsoleField>
          <div className="flex items-end">
            <button type="submit" disabled={publish.pending} aria-busy={publish.pending} className={buttonClasses({ size: 'medium' })}>
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
        <ConsoleTable
          caption="Upcoming coaching slots"
          headings={['When', 'Length', 'Coach', 'Booked by', <Unseen key="actions">Actions</Unseen>]}
          empty={loaderData.slots.length === 0}
          emptyText="No upcoming slots yet."
          className="mt-3"
        >
          {loaderData.slots.map((slot) => (
            <tr key={slot.id}>
              <Cell className="font-semibold">{slot.when}</Cell>
              <Cell>{slot.minutes} min</Cell>
              <Cell>{slot.coachName}</Cell>
              <Cell>
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
              </Cell>
              <Cell className="text-right">
                <cancel.fetcher.Form method="post">
                  <input type="hidden" name="_form" value={CANCEL_SLOT_FORM} />
                  <input type="hidden" name="slotId" value={slot.id} />
                  <button
                    type="submit"
                    disabled={cancel.pending}
                    aria-label={`Cancel the slot of ${slot.when}`}
                    className={buttonClasses({ variant: 'danger', size: 'small' })}
                  >
                    Cancel slot
                  </button>
                </cancel.fetcher.Form>
              </Cell>
            </tr>
          ))}
        </ConsoleTable>
      </section>
    </>
  );
}
