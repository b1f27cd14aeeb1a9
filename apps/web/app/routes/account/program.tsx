import type { CoachingOverview, MemberProgram, ProgramRetests } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { longDayOf, PLAN_HORIZON_MONTHS, PROGRAM_LENGTH_MONTHS } from '@shop/core';
import { Link, redirect } from 'react-router';
import { ProgramSteps } from '../../components/program/program-steps';
import { ResultsComparison } from '../../components/program/results-comparison';
import { ThirdTestOffer } from '../../components/program/third-test-offer';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { shoppingListPath, weekSpan } from './program-forms';
import { loadThirdTestOffer, thirdTestAction } from './third-test.server';
import type { Route } from './+types/program';

export async function loader({ request, context }: Route.LoaderArgs) {
  const thirdTest = loadThirdTestOffer({ request, context });
  try {
    const api = serverApi(request, context);
    // the coaching session is nice to have here: without it the page still offers to book one
    const coaching = api.coaching().catch(() => null);
    const [program, retests] = await Promise.all([api.program(), api.programRetests()]);
    return { program, retests, coaching: await coaching, thirdTest: await thirdTest };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect('/sign-in?next=/account/program');
    // no program yet (or one that ended without its retests): the page says what comes and when
    if (isApiError(error) && error.status === 404) return { program: null, retests: null, coaching: null, thirdTest: await thirdTest };
    throw error;
  }
}

/** The 3rd test's "Add to cart", with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return thirdTestAction(args);
}

export const meta = () => [{ title: 'Your Improvement Program | Base' }];

/** The member's Improvement Program: their plan with its reasons, its weeks, the coaching session and the weekly shopping lists. */
export default function Program({ loaderData }: Route.ComponentProps) {
  const { program, retests, coaching, thirdTest } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <p className="text-sm font-semibold">
        <Link to="/account" className="text-brand underline">
          My account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Your Improvement Program</h1>
      {program ? <ProgramPages program={program} retests={retests} coaching={coaching} /> : thirdTest ? null : <NotStarted />}
      {thirdTest ? <ThirdTestOffer offer={thirdTest} /> : null}
    </section>
  );
}

function NotStarted() {
  return (
    <div className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="text-xl font-bold">Your program starts with your results</h2>
      <p className="mt-2">
        The {PROGRAM_LENGTH_MONTHS}-month Improvement Program starts when the results of your starter test arrive. From then on this page
        holds your nutrition and lifestyle plan built from your results, a shopping list for each week, and your health coaching session.
      </p>
      <p className="mt-2 text-muted">Results arrive 5 business days after the lab receives your sample (5-7 for at-home kits).</p>
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/account" className="font-semibold text-brand underline">
          Follow your orders
        </Link>
        <Link to="/quiz" className="font-semibold text-brand underline">
          Take the quiz to find your starter test
        </Link>
      </p>
    </div>
  );
}

function statusLine(timeline: MemberProgram['timeline']): string {
  const ends = longDayOf(timeline.endsOn);
  if (timeline.phase === 'program') return `Week ${timeline.week} of ${timeline.weeks.length}. Your program runs until ${ends}.`;
  const horizon = longDayOf(timeline.planUntil);
  if (timeline.phase === 'plan')
    return `Your ${PROGRAM_LENGTH_MONTHS} months ended on ${ends}. Your plan is meant to carry you until ${horizon}.`;
  return `Your program ended on ${ends}, and your plan’s ${PLAN_HORIZON_MONTHS} months on ${horizon}. It stays here for you.`;
}

function ProgramPages({
  program,
  retests,
  coaching,
}: {
  program: MemberProgram;
  retests: ProgramRetests | null;
  coaching: CoachingOverview | null;
}) {
  const { timeline } = program;
  const thisWeek = program.shoppingLists.find((list) => list.week === timeline.week);
  return (
    <>
      <p className="mt-2 text-lg">{statusLine(timeline)}</p>
      <p className="mt-1 text-sm text-muted">
        Started {longDayOf(timeline.startedOn)}, with order #{program.order.number}.
        {program.goal ? ` Your goal: ${program.goal.name}.` : ''}
      </p>

      {retests ? <ProgramSteps program={program} retests={retests} /> : null}
      <Timeline program={program} />
      {retests ? <ResultsComparison comparison={retests.comparison} /> : null}
      <Reasons program={program} />
      <Plan program={program} />

      <section aria-labelledby="coaching-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
        <h2 id="coaching-title" className="text-xl font-bold">
          Health coaching
        </h2>
        <p className="mt-2">Your program includes a one-to-one session with a health coach to go through your results and your plan.</p>
        <CoachingSession coaching={coaching} />
      </section>

      {thisWeek ? (
        <section aria-labelledby="this-week-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
          <h2 id="this-week-title" className="text-xl font-bold">
            This week’s shopping list
          </h2>
          <div className="mt-3 grid gap-4 md:grid-cols-3">
            {thisWeek.groups.map((group) => (
              <div key={group.category}>
                <h3 className="text-sm font-semibold text-brand-dark">{group.label}</h3>
                <p className="text-sm">{group.items.map((item) => item.name).join(', ')}</p>
              </div>
            ))}
          </div>
          <Link to={shoppingListPath(thisWeek.week)} className="mt-4 inline-block font-semibold text-brand underline">
            Print or e-mail week {thisWeek.week}’s list
          </Link>
        </section>
      ) : null}
    </>
  );
}

const buttonClass = 'mt-4 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark';

/** The session once booked (its time in Eastern, as the coaching page tells it); until then, the way to book it. */
function CoachingSession({ coaching }: { coaching: CoachingOverview | null }) {
  const upcoming = coaching?.sessions.filter((session) => !session.past).sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  if (upcoming) {
    return (
      <>
        <p className="mt-3">
          Your session is booked for <strong>{upcoming.when}</strong>, {upcoming.minutes} minutes with {upcoming.coachName}.
        </p>
        <Link to="/account/coaching" className={buttonClass}>
          See or change your session
        </Link>
      </>
    );
  }
  const last = coaching?.sessions.filter((session) => session.past).sort((a, b) => b.startsAt.localeCompare(a.startsAt))[0];
  if (last && coaching?.credits.remaining === 0) {
    return (
      <>
        <p className="mt-3">
          You met {last.coachName} on <strong>{last.when}</strong>.
        </p>
        <Link to="/account/coaching" className="mt-4 inline-block font-semibold text-brand underline">
          See your coaching sessions
        </Link>
      </>
    );
  }
  return (
    <Link to="/account/coaching" className={buttonClass}>
      Book your coaching session
    </Link>
  );
}

const weekStateLabels = { done: 'Done', current: 'This week', next: 'Coming up' } as const;

function Timeline({ program }: { program: MemberProgram }) {
  const { timeline } = program;
  return (
    <section aria-labelledby="timeline-title" className="mt-8">
      <h2 id="timeline-title" className="text-xl font-bold">
        Your program, week by week
      </h2>
      <p className="mt-1 text-sm text-muted">Each week has its own shopping list, from the foods your plan favours.</p>
      {/* one prefix per grid: the sm variant is emitted after md and lg in this build, so mixing them lets sm win */}
      <ol className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        {timeline.weeks.map((week) => {
          const current = week.state === 'current';
          return (
            <li
              key={week.week}
              aria-current={current ? 'step' : undefined}
              className={`rounded-xl border p-4 ${current ? 'border-brand bg-brand-soft ring-2 ring-brand/30' : 'border-line bg-white'}`}
            >
              <p className="font-bold">Week {week.week}</p>
              <p className={`text-xs font-semibold uppercase tracking-wide ${current ? 'text-brand-dark' : 'text-muted'}`}>
                {weekStateLabels[week.state]}
              </p>
              <p className="mt-1 text-sm text-muted">{weekSpan(week)}</p>
              <Link to={shoppingListPath(week.week)} className="mt-2 inline-block text-sm font-semibold text-brand underline">
                <span className="sr-only">Week {week.week} </span>Shopping list
              </Link>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-muted">
        Your program ends on {longDayOf(timeline.endsOn)}. Your plan is meant for {PLAN_HORIZON_MONTHS} months, until{' '}
        {longDayOf(timeline.planUntil)}.
      </p>
    </section>
  );
}

function Reasons({ program }: { program: MemberProgram }) {
  return (
    <section aria-labelledby="reasons-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="reasons-title" className="text-xl font-bold">
        What your results say
      </h2>
      {program.reasons.length > 0 ? (
        <ul className="mt-3 space-y-4">
          {program.reasons.map((entry) => (
            <li key={entry.biomarker}>
              <h3 className="font-semibold">
                {entry.title}: {entry.value} <span className="text-sm font-normal text-muted">(range {entry.range})</span>
              </h3>
              <p className="mt-1">{entry.reason}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {program.general ? (
        <div className="mt-3">
          <h3 className="font-semibold">{program.general.title}</h3>
          <p className="mt-1">{program.general.reason}</p>
        </div>
      ) : null}
    </section>
  );
}

function Because({ reasons }: { reasons: string[] }) {
  return <span className="block text-sm text-muted">Why: {reasons.join('; ')}</span>;
}

function Plan({ program }: { program: MemberProgram }) {
  const lists = [
    {
      id: 'favour',
      title: 'Foods to favour',
      items: program.favour.map((item) => ({ key: item.id, text: item.name, because: item.because })),
    },
    {
      id: 'limit',
      title: 'Foods to limit',
      items: program.limit.map((item) => ({ key: item.id, text: item.name, because: item.because })),
    },
    { id: 'habits', title: 'Habits', items: program.habits.map((item) => ({ key: item.id, text: item.text, because: item.because })) },
  ];
  return (
    <section aria-labelledby="plan-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="plan-title" className="text-xl font-bold">
        Your nutrition and lifestyle plan
      </h2>
      <div className="mt-2 grid gap-6 md:grid-cols-2">
        {lists
          .filter((list) => list.items.length > 0)
          .map((list) => (
            <section key={list.id} aria-labelledby={`plan-${list.id}`} className={list.id === 'habits' ? 'md:col-span-2' : undefined}>
              <h3 id={`plan-${list.id}`} className="mt-2 text-lg font-bold">
                {list.title}
              </h3>
              <ul className="mt-2 space-y-2">
                {list.items.map((item) => (
                  <li key={item.key}>
                    {item.text}
                    <Because reasons={item.because} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
      </div>
      {program.supplements.length > 0 ? (
        <section aria-labelledby="plan-supplements" className="mt-6">
          <h3 id="plan-supplements" className="text-lg font-bold">
            Supplements to discuss with a clinician
          </h3>
          <ul className="mt-2 space-y-3">
            {program.supplements.map((item) => (
              <li key={item.id}>
                <span className="font-semibold">{item.name}</span>: {item.note}
                <Because reasons={item.because} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="mt-6 text-xs text-muted">{program.note}</p>
    </section>
  );
}
