import { orderProgress, type OrderProgressInput, type ProgressStep } from '../orders/progress.ts';
import { paidOrderStatuses, type OrderStatus } from '../orders/state-machine.ts';
import type { ResultsReleaseState } from './results-release.ts';

/**
 * Where a client's paid order stands, as the clinic that ordered it follows it: paid, the kit
 * shipped (or the lab order sent for a lab visit), the sample at the lab, then the results held
 * for review or released. Nothing of the results but that is told.
 */
export const clinicOrderStages = ['paid', 'kit_shipped', 'lab_visit', 'sample_received', 'results_held', 'results_released'] as const;
export type ClinicOrderStage = (typeof clinicOrderStages)[number];

export const clinicOrderStageLabels: Record<ClinicOrderStage, string> = {
  paid: 'Paid',
  kit_shipped: 'Kit shipped',
  lab_visit: 'Lab order sent for a lab visit',
  sample_received: 'Sample received by the lab',
  results_held: 'Results held for review',
  results_released: 'Results released',
};

export interface ClinicOrderTrack {
  stage: ClinicOrderStage;
  /** each stage the order reached, in order, with its day (YYYY-MM-DD) when known */
  reached: Array<{ stage: ClinicOrderStage; on: string | null }>;
  /** what comes next and when, where the specification's timings give it (between two days, the same when exact) */
  next: { label: string; from: string; to: string } | null;
}

export interface ClinicOrderTrackInput {
  /** the shop's order as its client follows it */
  fulfilment: OrderProgressInput;
  results: { state: ResultsReleaseState; heldAt: string | null; releasedAt: string | null };
}

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** What the clinic reads of the next step the client's own track expects. */
function nextOf(current: ProgressStep | undefined, lab: boolean): ClinicOrderTrack['next'] {
  if (!current?.expected) return null;
  if (current.key === 'sample') return { ...current.expected, label: lab ? 'Lab order ready by' : 'Kit arrives' };
  if (current.key === 'results') return { ...current.expected, label: 'Results expected' };
  return null;
}

/**
 * The clinic's track of one order, derived from the client's own (core's `orderProgress`: the
 * same days and the same timings) and from the results' release; null for an order with nothing
 * to follow (not paid yet, cancelled, refunded, or nothing to collect).
 */
export function clinicOrderTrack(input: ClinicOrderTrackInput): ClinicOrderTrack | null {
  if (!paidOrderStatuses.includes(input.fulfilment.status as OrderStatus)) return null;
  const steps = orderProgress(input.fulfilment);
  if (steps.length === 0) return null;
  const step = (key: ProgressStep['key']) => steps.find((each) => each.key === key);
  const done = (key: ProgressStep['key']) => step(key)?.state === 'done';
  const lab = input.fulfilment.method === 'lab';

  const reached: ClinicOrderTrack['reached'] = [{ stage: 'paid', on: step('paid')?.doneOn ?? null }];
  if (done('dispatch')) reached.push({ stage: lab ? 'lab_visit' : 'kit_shipped', on: step('dispatch')?.doneOn ?? null });
  if (done('sample')) reached.push({ stage: 'sample_received', on: step('sample')?.doneOn ?? null });
  const { state, heldAt, releasedAt } = input.results;
  // results the clinic's rule released at once were never held
  if (state === 'held' || (state === 'released' && heldAt)) reached.push({ stage: 'results_held', on: dayOf(heldAt) });
  if (state === 'released') reached.push({ stage: 'results_released', on: dayOf(releasedAt) });
  const stage = reached.at(-1)!.stage;
  const waiting = stage !== 'results_held' && stage !== 'results_released';
  return {
    stage,
    reached,
    next: waiting
      ? nextOf(
          steps.find((each) => each.state === 'current'),
          lab,
        )
      : null,
  };
}
