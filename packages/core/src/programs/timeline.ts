import { PLAN_HORIZON_MONTHS, PROGRAM_LENGTH_MONTHS } from '../catalog/constants.ts';
import { addMonths } from '../subscriptions/schedule.ts';
import { PROGRAM_WEEKS } from './shopping-list.ts';

/** Where a program stands on a day: in its two months, past them but within the plan's horizon, or over. */
export type ProgramPhase = 'program' | 'plan' | 'over';

export interface ProgramWeek {
  /** counted from 1 */
  week: number;
  startsOn: string;
  /** the week's last day, included */
  endsOn: string;
  state: 'done' | 'current' | 'next';
}

export interface ProgramTimeline {
  /** the day the program became active */
  startedOn: string;
  /** the program's last day, PROGRAM_LENGTH_MONTHS after it started */
  endsOn: string;
  /** the last day the plan is meant for, PLAN_HORIZON_MONTHS after the start */
  planUntil: string;
  phase: ProgramPhase;
  /** the week of the program the day falls in; null once the program is over */
  week: number | null;
  weeks: ProgramWeek[];
}

const DAY_MS = 86_400_000;

function dayNumber(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(time)) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  return time / DAY_MS;
}

const dayAt = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/**
 * The Improvement Program's calendar from the day it became active: its weeks (one shopping list
 * each), the week `today` falls in, and when the program and its plan end. Two months are a few
 * days more than eight weeks: the last week runs on to the program's last day, so every day of
 * the program belongs to a week and a list.
 */
export function programTimeline(startedOn: string, today: string): ProgramTimeline {
  const start = dayNumber(startedOn);
  // the end days are the day before the same date PROGRAM_LENGTH_MONTHS (or the horizon) later
  const end = dayNumber(addMonths(startedOn, PROGRAM_LENGTH_MONTHS)) - 1;
  const planEnd = dayNumber(addMonths(startedOn, PLAN_HORIZON_MONTHS)) - 1;
  // a day before the start (a clock a little behind) counts as the first day
  const now = Math.max(dayNumber(today), start);
  const phase: ProgramPhase = now <= end ? 'program' : now <= planEnd ? 'plan' : 'over';
  const week = phase === 'program' ? Math.min(PROGRAM_WEEKS, Math.floor((now - start) / 7) + 1) : null;
  const weeks = Array.from({ length: PROGRAM_WEEKS }, (_, index): ProgramWeek => {
    const number = index + 1;
    const first = start + index * 7;
    const last = number === PROGRAM_WEEKS ? end : first + 6;
    return {
      week: number,
      startsOn: dayAt(first),
      endsOn: dayAt(last),
      state: number === week ? 'current' : now > last ? 'done' : 'next',
    };
  });
  return { startedOn, endsOn: dayAt(end), planUntil: dayAt(planEnd), phase, week, weeks };
}
