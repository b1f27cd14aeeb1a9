import {
  KIT_DELIVERY_BUSINESS_DAYS,
  PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS,
  RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT,
  RESULTS_BUSINESS_DAYS_AT_HOME,
} from '../catalog/constants.ts';
import { orderIncludesProgram } from './order-kits.ts';
import { orderNeedsSample } from './samples.ts';
import { orderStatuses, type OrderStatus } from './state-machine.ts';

export type ProgressStepKey = 'paid' | 'collection' | 'profile' | 'approval' | 'dispatch' | 'sample' | 'results' | 'program';

export interface ProgressStep {
  key: ProgressStepKey;
  label: string;
  state: 'done' | 'current' | 'upcoming';
  /** the day it was done (YYYY-MM-DD), when it was */
  doneOn: string | null;
  /** for the step under way: what is expected, between two days (the same day when exact) */
  expected: { label: string; from: string; to: string } | null;
}

export interface OrderProgressInput {
  status: string;
  /** home kit or partner lab, once chosen */
  method: 'home' | 'lab' | null;
  /** the order's timeline: each step's status and when (ISO) */
  timeline: ReadonlyArray<{ status: string; at: string }>;
  kits: ReadonlyArray<{ shippedAt: string | null; sampleReceivedAt: string | null; resultsAt: string | null }>;
  items: ReadonlyArray<{ productCode: string }>;
  /**
   * who paid when the customer paid nothing: the employer that covered the order in full, or the
   * clinic that paid for it; the first step then says so rather than "Paid"
   */
  paidFor?: { by: 'employer' | 'clinic'; name: string } | null;
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The day `days` business days (Monday to Friday) after `from`; public holidays are not counted out. */
export function addBusinessDays(from: Date, days: number): Date {
  let date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

const rank = (status: string) => orderStatuses.indexOf(status as OrderStatus);

/**
 * An order's progress as its customer follows it: paid, home kit or lab chosen, medical profile,
 * clinician approval, the kit shipped (or the lab order sent), the sample at the lab, the results
 * and, with the program, the Improvement Program; each done (on a day), under way (with what the
 * specification's timings let us expect) or to come. An order with nothing to collect, or one
 * cancelled or refunded, has no such track: its page says what it is instead.
 */
export function orderProgress(input: OrderProgressInput): ProgressStep[] {
  const status = input.status as OrderStatus;
  if (rank(status) < 0 || status === 'cancelled' || status === 'refunded') return [];
  if (!orderNeedsSample(input.items.map((item) => item.productCode))) return [];
  const lab = input.method === 'lab';
  /** the first day the order reached one of `statuses`, from its timeline */
  const reached = (...statuses: OrderStatus[]) => {
    const entry = input.timeline.find((step) => statuses.includes(step.status as OrderStatus));
    return entry ? new Date(entry.at) : null;
  };
  const earliest = (values: ReadonlyArray<string | null>) => {
    const dates = values.filter((value): value is string => value !== null).sort();
    return dates[0] ? new Date(dates[0]) : null;
  };
  const latest = (values: ReadonlyArray<string | null>) => {
    if (values.length === 0 || values.some((value) => value === null)) return null;
    return new Date([...(values as string[])].sort().at(-1)!);
  };
  const shipped = earliest(input.kits.map((kit) => kit.shippedAt));
  const sampleIn = latest(input.kits.map((kit) => kit.sampleReceivedAt));
  const resultsIn = latest(input.kits.map((kit) => kit.resultsAt));
  const approved = reached('kit_preparing', 'lab_order_sent');

  // each step: done once the order's status reaches `after` (the sample waits for every kit's), on its day
  const stepsOf: Array<{ key: ProgressStepKey; label: string; after: OrderStatus; on: Date | null }> = [
    { key: 'paid', label: firstStepLabel(input.paidFor), after: 'paid', on: reached('paid', 'collection_pending') },
    {
      key: 'collection',
      label: lab ? 'Partner lab chosen' : input.method ? 'Home kit chosen' : 'Home kit or lab chosen',
      after: 'profile_pending',
      on: reached('profile_pending', 'approval_pending'),
    },
    { key: 'profile', label: 'Medical profile', after: 'approval_pending', on: reached('approval_pending') },
    { key: 'approval', label: 'Clinician approval', after: lab ? 'lab_order_sent' : 'kit_preparing', on: approved },
    {
      key: 'dispatch',
      label: lab ? 'Lab order sent' : 'Kit shipped',
      after: lab ? 'lab_order_sent' : 'kit_shipped',
      on: lab ? approved : (shipped ?? reached('kit_shipped')),
    },
    { key: 'sample', label: 'Sample at the lab', after: 'sample_received', on: sampleIn ?? reached('sample_received') },
    { key: 'results', label: 'Results', after: 'results_ready', on: resultsIn ?? reached('results_ready') },
  ];
  if (orderIncludesProgram(input.items)) {
    stepsOf.push({ key: 'program', label: 'Improvement Program', after: 'program_active', on: reached('program_active') });
  }
  let current: ProgressStepKey | null = null;
  return stepsOf.map(({ key, label, after, on }) => {
    const done = rank(status) >= rank(after) && (key !== 'sample' || sampleIn !== null || input.kits.length === 0);
    const state = done ? 'done' : current === null ? 'current' : 'upcoming';
    if (state === 'current') current = key;
    return {
      key,
      label,
      state,
      doneOn: done && on ? dayOf(on) : null,
      expected: state === 'current' ? expectedFor(key, { lab, approved, shipped, sampleIn }) : null,
    };
  });
}

/** "Paid", or who paid for a customer who paid nothing (receipts say the same: issue 46). */
function firstStepLabel(paidFor: OrderProgressInput['paidFor']): string {
  if (!paidFor) return 'Paid';
  return paidFor.by === 'employer' ? `Covered by ${paidFor.name}` : `Paid by ${paidFor.name}`;
}

function expectedFor(
  key: ProgressStepKey,
  known: { lab: boolean; approved: Date | null; shipped: Date | null; sampleIn: Date | null },
): ProgressStep['expected'] {
  const between = (label: string, from: Date, min: number, max = min) => ({
    label,
    from: dayOf(addBusinessDays(from, min)),
    to: dayOf(addBusinessDays(from, max)),
  });
  if (key === 'sample' && known.lab && known.approved)
    return between('Your lab order is ready by', known.approved, PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS);
  if (key === 'sample' && !known.lab && known.shipped)
    return between('Your kit arrives', known.shipped, KIT_DELIVERY_BUSINESS_DAYS.min, KIT_DELIVERY_BUSINESS_DAYS.max);
  if (key === 'results' && known.sampleIn) {
    return known.lab
      ? between('Results expected', known.sampleIn, RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT)
      : between('Results expected', known.sampleIn, RESULTS_BUSINESS_DAYS_AT_HOME.min, RESULTS_BUSINESS_DAYS_AT_HOME.max);
  }
  return null;
}
