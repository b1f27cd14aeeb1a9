import type { CoachingOverview } from '@shop/client';
import { formatMoney, getProduct } from '@shop/core';
import { useEffect, useRef } from 'react';
import { Link, redirect, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { BOOK_FORM, CANCEL_FORM, COACHING_FORMS, RESCHEDULE_FORM, RESCHEDULE_QUERY } from './coaching-forms';
import { coachingAction } from './coaching.server';
import type { Route } from './+types/coaching';

const consultation = getProduct('health-coach');

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await serverApi(request, context).coaching();
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/coaching');
    throw error;
  }
}

/** Booking, moving and cancelling a session are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return coachingAction(args);
}

export const meta = () => [{ title: 'Health coach sessions | Base' }];

type Slot = CoachingOverview['openSlots'][number];
type Session = CoachingOverview['sessions'][number];

/** The open slots by Eastern day, in order. */
function byDay(slots: Slot[]): { day: string; label: string; slots: Slot[] }[] {
  const days = new Map<string, { day: string; label: string; slots: Slot[] }>();
  for (const slot of slots) {
    const entry = days.get(slot.day) ?? { day: slot.day, label: slot.dayLabel, slots: [] };
    entry.slots.push(slot);
    days.set(slot.day, entry);
  }
  return [...days.values()];
}

export default function Coaching({ loaderData }: Route.ComponentProps) {
  const { credits, sessions, openSlots, changeNoticeHours } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { fetcher, answer, pending, sentWithoutScript } = useActionForm<FormAnswer>(COACHING_FORMS);
  // a moved session ends the choosing: by script the address loses its query (once per answer), without the page comes back moved
  const handled = useRef<FormAnswer | undefined>(undefined);
  useEffect(() => {
    if (answer === handled.current) return;
    handled.current = answer;
    if (answer?.ok && answer.form === RESCHEDULE_FORM && !sentWithoutScript) {
      void navigate('/account/coaching', { replace: true, preventScrollReset: true });
    }
  }, [answer, sentWithoutScript, navigate]);
  const justMoved = answer?.ok === true && answer.form === RESCHEDULE_FORM && sentWithoutScript;
  const moving = justMoved ? undefined : sessions.find((session) => session.id === searchParams.get(RESCHEDULE_QUERY) && session.canChange);
  const canBook = credits.remaining > 0;

  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <p>
        <Link to="/account" className="font-semibold text-brand underline">
          My account
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">Health coach sessions</h1>
      <p className="mt-2 text-muted">
        A one-to-one session with a health coach about your results and your goal. Times are in US Eastern time. You can book, reschedule or
        cancel a session up to {changeNoticeHours} hours before it starts.
      </p>

      <div aria-live="polite" className="mt-6 empty:hidden">
        {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
      </div>

      <section aria-labelledby="credits-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="credits-title" className="text-xl font-bold">
          Your sessions
        </h2>
        <p className="mt-2 text-2xl font-extrabold">
          {credits.remaining} {credits.remaining === 1 ? 'session' : 'sessions'} left to book
        </p>
        <p className="mt-1 text-sm text-muted">
          {credits.paid} paid for, {credits.booked} booked.
          {credits.paid === 0 ? (
            <>
              {' '}
              A session comes with the{' '}
              <Link to="/add-ons-page" className="font-semibold text-brand underline">
                Health coach consultation ({formatMoney(consultation.priceCents)})
              </Link>{' '}
              or the Improvement Program.
            </>
          ) : null}
        </p>
      </section>

      <section aria-labelledby="booked-title" className="mt-6">
        <h2 id="booked-title" className="text-xl font-bold">
          Booked sessions
        </h2>
        {sessions.length === 0 ? (
          <p className="mt-3 text-muted">No session booked yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {sessions.map((session) => (
              <BookedSession key={session.id} session={session} fetcher={fetcher} pending={pending} choosing={moving?.id === session.id} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="open-title" className="mt-8">
        <h2 id="open-title" className="text-xl font-bold">
          {moving ? `Choose a new time for your session of ${moving.when}` : 'Open times'}
        </h2>
        {moving ? (
          <p className="mt-1 text-sm">
            <Link to="/account/coaching" className="font-semibold text-brand underline">
              Keep the time I have
            </Link>
          </p>
        ) : !canBook && credits.paid > 0 ? (
          <p className="mt-1 text-sm text-muted">Every session you paid for is booked. To take another time, reschedule a session above.</p>
        ) : null}
        {openSlots.length === 0 ? (
          <p className="mt-3 text-muted">No open times right now. Coaches publish new times every week: please look again soon.</p>
        ) : (
          <div className="mt-3 space-y-4">
            {byDay(openSlots).map((day) => (
              <fetcher.Form key={day.day} method="post" aria-labelledby={`day-${day.day}`} className="rounded-2xl bg-white p-5 shadow-sm">
                <h3 id={`day-${day.day}`} className="font-semibold">
                  {day.label}
                </h3>
                <input type="hidden" name="_form" value={moving ? RESCHEDULE_FORM : BOOK_FORM} />
                {moving ? <input type="hidden" name="bookingId" value={moving.id} /> : null}
                <ul className="mt-3 flex flex-wrap gap-2">
                  {day.slots.map((slot) => (
                    <li key={slot.id}>
                      <button
                        type="submit"
                        name="slotId"
                        value={slot.id}
                        disabled={pending || (!moving && !canBook)}
                        aria-label={`${moving ? 'Move to' : 'Book'} ${slot.when}, ${slot.minutes} minutes with ${slot.coachName}`}
                        className="rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-400"
                      >
                        {slot.time} · {slot.minutes} min
                      </button>
                    </li>
                  ))}
                </ul>
              </fetcher.Form>
            ))}
          </div>
        )}
      </section>
    </section>
  );
}

function BookedSession({
  session,
  fetcher,
  pending,
  choosing,
}: {
  session: Session;
  fetcher: ReturnType<typeof useActionForm>['fetcher'];
  pending: boolean;
  choosing: boolean;
}) {
  return (
    <li>
      <article aria-label={`Session ${session.when}`} className="rounded-xl bg-white p-5 shadow-sm">
        <h3 className="font-semibold">{session.when}</h3>
        <p className="text-sm text-muted">
          {session.minutes} minutes with {session.coachName}
        </p>
        {session.meetingUrl && !session.past ? (
          <p className="mt-2">
            <a
              href={session.meetingUrl}
              aria-label={`Join the session of ${session.when}`}
              className="font-semibold text-brand underline"
              rel="noreferrer"
            >
              Join by video
            </a>
            <span className="block break-all text-sm text-muted">{session.meetingUrl}</span>
          </p>
        ) : null}
        {session.past ? null : session.canChange ? (
          <div className="mt-3 flex flex-wrap gap-3">
            {choosing ? (
              <p className="self-center text-sm font-semibold">Choose a new time below.</p>
            ) : (
              <Link
                to={`/account/coaching?${RESCHEDULE_QUERY}=${session.id}`}
                aria-label={`Reschedule the session of ${session.when}`}
                className="inline-flex items-center rounded-full border border-ink px-5 py-2 font-semibold hover:bg-slate-50"
              >
                Reschedule
              </Link>
            )}
            <fetcher.Form method="post">
              <input type="hidden" name="_form" value={CANCEL_FORM} />
              <input type="hidden" name="bookingId" value={session.id} />
              <Button
                type="submit"
                variant="secondary"
                disabled={pending}
                aria-label={`Cancel the session of ${session.when}`}
                className="py-2"
              >
                Cancel
              </Button>
            </fetcher.Form>
          </div>
        ) : (
          <p className="mt-3 text-sm">{session.changeRefusal}</p>
        )}
      </article>
    </li>
  );
}
