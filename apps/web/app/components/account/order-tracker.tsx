import type { OrderDetail } from '@shop/client';
import { orderProgress, type ProgressStep } from '@shop/core';
import { calendarWeekday } from '../../lib/dates';

const day = calendarWeekday;

function expectedText(expected: NonNullable<ProgressStep['expected']>): string {
  return expected.from === expected.to
    ? `${expected.label} ${day(expected.from)}`
    : `${expected.label} ${day(expected.from)} – ${day(expected.to)}`;
}

const marks: Record<ProgressStep['state'], { sign: string; look: string; words: string }> = {
  done: { sign: '✓', look: 'bg-brand text-white', words: 'Done' },
  current: { sign: '•', look: 'border-2 border-brand bg-white text-brand', words: 'Under way' },
  upcoming: { sign: '', look: 'border-2 border-slate-300 bg-white', words: 'To come' },
};

/** An order's steps from payment to results (and the program): what is done and when, what is under way and when it is expected. */
export function OrderTracker({ steps }: { steps: ProgressStep[] }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="progress-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="progress-title" className="text-xl font-bold">
        Order progress
      </h2>
      <ol className="mt-4 space-y-0">
        {steps.map((step, index) => {
          const mark = marks[step.state];
          return (
            <li key={step.key} aria-current={step.state === 'current' ? 'step' : undefined} className="relative flex gap-4 pb-5 last:pb-0">
              {index < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={`absolute top-7 left-[13px] h-[calc(100%-1.75rem)] w-0.5 ${step.state === 'done' ? 'bg-brand' : 'bg-slate-200'}`}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={`relative z-10 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-bold ${mark.look}`}
              >
                {mark.sign}
              </span>
              <div className="pt-0.5">
                <p className={step.state === 'upcoming' ? 'text-muted' : 'font-semibold'}>
                  {step.label}
                  <span className="sr-only">: {mark.words}</span>
                </p>
                {step.doneOn ? <p className="text-sm text-muted">{day(step.doneOn)}</p> : null}
                {step.expected ? <p className="text-sm font-medium text-brand-dark">{expectedText(step.expected)}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The steps of an order as the API gives it. */
export function orderProgressOf(order: OrderDetail): ProgressStep[] {
  return orderProgress({
    status: order.status,
    method: order.collection?.method ?? null,
    timeline: order.timeline,
    kits: order.kits,
    items: order.items,
    paidFor: paidForOf(order),
  });
}

/** Who paid an order its customer paid nothing for: the employer covering it in full, or the clinic. */
function paidForOf(order: OrderDetail) {
  if (order.totalCents > 0) return null;
  if (order.coveredBy) return { by: 'employer' as const, name: order.coveredBy.employer };
  if (order.paidBy) return { by: 'clinic' as const, name: order.paidBy };
  return null;
}
