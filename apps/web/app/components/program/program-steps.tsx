import type { MemberProgram, ProgramRetests } from '@shop/client';
import { longDayOf } from '@shop/core';
import { Link } from 'react-router';

type StepState = 'done' | 'now' | 'next';

interface Step {
  key: string;
  title: string;
  state: StepState;
  detail: string;
  link?: { to: string; label: string };
}

const stateLabels: Record<StepState, string> = { done: 'Done', now: 'In progress', next: 'Coming up' };
const stateTones: Record<StepState, string> = {
  done: 'bg-brand text-white',
  now: 'bg-brand-soft text-brand-dark ring-2 ring-brand/40',
  next: 'bg-white text-muted ring-1 ring-line',
};

function retestStep(retest: ProgramRetests['retests'][number]): Step {
  const title = `Retest ${retest.sequence}, week ${retest.week}`;
  if (!retest.order) {
    return {
      key: `retest-${retest.sequence}`,
      title,
      state: 'next',
      detail: `Your kit is prepared on ${longDayOf(retest.dueOn)}, at no charge.`,
    };
  }
  const link = { to: `/account/orders/${retest.order.id}`, label: `Order #${retest.order.number}` };
  if (retest.resultsIn) {
    return { key: `retest-${retest.sequence}`, title, state: 'done', detail: 'Results in: compared with your starter test below.', link };
  }
  return { key: `retest-${retest.sequence}`, title, state: 'now', detail: retest.order.statusLabel, link };
}

/** The program's steps from the starter test to the end: what is done, what is under way, what comes next. */
export function programSteps(program: MemberProgram, retests: ProgramRetests): Step[] {
  const { timeline } = program;
  const completed = retests.program.status === 'completed';
  return [
    {
      key: 'starter',
      title: 'Starter test',
      state: 'done',
      detail: 'Your results, the start of your plan.',
      link: { to: `/account/orders/${program.order.id}/results`, label: 'Your results' },
    },
    { key: 'program', title: 'Program started', state: 'done', detail: longDayOf(timeline.startedOn) },
    ...retests.retests.map(retestStep),
    {
      key: 'end',
      title: 'Program complete',
      state: completed ? 'done' : 'next',
      detail: completed
        ? 'Both retests are in.'
        : `Once your second retest’s results are in. Your program runs until ${longDayOf(timeline.endsOn)}.`,
    },
  ];
}

/** The program's timeline of steps, with a link to each retest's order. */
export function ProgramSteps({ program, retests }: { program: MemberProgram; retests: ProgramRetests }) {
  const steps = programSteps(program, retests);
  const current = steps.find((step) => step.state !== 'done');
  return (
    <section aria-labelledby="steps-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="steps-title" className="text-xl font-bold">
        Your program’s steps
      </h2>
      <p className="mt-1 text-sm text-muted">Your 2 retests are the same test as your starter test, included in your program.</p>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.key} aria-current={step === current ? 'step' : undefined} className="flex gap-3">
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${stateTones[step.state]}`}
            >
              {step.state === 'done' ? '✓' : index + 1}
            </span>
            <div>
              <h3 className="font-semibold">
                {step.title}{' '}
                <span className="block text-xs font-semibold uppercase tracking-wide text-muted sm:ml-1 sm:inline">
                  {stateLabels[step.state]}
                </span>
              </h3>
              <p className="text-sm">{step.detail}</p>
              {step.link ? (
                <Link to={step.link.to} className="text-sm font-semibold text-brand underline">
                  {step.link.label}
                  {step.key.startsWith('retest') ? <span className="sr-only"> ({step.title})</span> : null}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
