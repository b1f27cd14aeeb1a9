import { kitsForOrder, orderIncludesProgram } from '../orders/order-kits.ts';
import { programTimeline } from './timeline.ts';

/**
 * The Improvement Program's two retests: the starter test again, at no charge, in week 4 and in
 * week 8 of the program. Each is made on the first day of its week, so that the kit reaches the
 * member within that week (kits arrive in 2-5 business days).
 */
export const programRetests = [
  { sequence: 1, week: 4 },
  { sequence: 2, week: 8 },
] as const;

export type RetestSequence = (typeof programRetests)[number]['sequence'];

export const PROGRAM_RETEST_COUNT = programRetests.length;

export interface ScheduledRetest {
  sequence: RetestSequence;
  week: number;
  /** the day the retest is made: the first day of its week */
  dueOn: string;
}

const DAY_MS = 86_400_000;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** When each retest of a program that became active on `startedOn` is made. */
export function retestSchedule(startedOn: string): ScheduledRetest[] {
  // programTimeline checks the day and gives the weeks; a retest is made as its week starts
  const { weeks } = programTimeline(startedOn, startedOn);
  return programRetests.map(({ sequence, week }) => ({
    sequence,
    week,
    dueOn: weeks[week - 1]?.startsOn ?? addDays(startedOn, (week - 1) * 7),
  }));
}

/**
 * The retests due on `today`: those whose day has come while the program runs. A program past its
 * two months gets no new retest (a worker stopped for weeks does not post kits to a program that ended).
 */
export function retestsDue(startedOn: string, today: string): ScheduledRetest[] {
  const { endsOn } = programTimeline(startedOn, today);
  if (today > endsOn) return [];
  return retestSchedule(startedOn).filter((retest) => retest.dueOn <= today);
}

export interface RetestLine {
  productCode: string;
  testId: number | null;
  title: string;
  unitPriceCents: 0;
  quantity: 1;
  charge: 'now';
}

/** Products that carry the program with the starter test, and the test alone that a retest repeats. */
const testOfProgramProduct: Readonly<Record<string, string>> = {
  'base-improvement-plan-pay-upfront': 'base-quiz',
  'base-complete-improvement-plan-pay-upfront': 'base-complete',
};

/**
 * The lines of a retest order: the starter order's tests again, at $0, without the program (a
 * retest's results start nothing) and without a test subscription's deliveries. A line that ships
 * no kit of its own (the program billed on results) is left out; each kit is repeated once.
 */
export function retestLines(
  items: ReadonlyArray<{ productCode: string; testId: number | null; title: string }>,
  sequence: RetestSequence,
): RetestLine[] {
  const lines: RetestLine[] = [];
  const kits = new Set<string>();
  for (const item of items) {
    const productCode = testOfProgramProduct[item.productCode] ?? item.productCode;
    if (productCode === 'base-monitor' || orderIncludesProgram([{ productCode }])) continue;
    const line = { productCode, testId: item.testId };
    const fresh = kitsForOrder([line], 'home').filter((kit) => !kits.has(kit.kitSlug));
    if (fresh.length === 0) continue;
    for (const kit of fresh) kits.add(kit.kitSlug);
    const title = item.title.replace(/ \(gift\)$/, '').replace(/^Starter test \+ Improvement Program$/, 'Starter test');
    lines.push({ ...line, title: `${title}: program retest ${sequence}`, unitPriceCents: 0, quantity: 1, charge: 'now' });
  }
  return lines;
}
