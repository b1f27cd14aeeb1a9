import {
  compareResults,
  dayOf,
  orderStatusLabels,
  retestSchedule,
  type BiomarkerComparison,
  type EvaluatedResult,
  type OrderStatus,
} from '@shop/core';
import type { OrderRow } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { notFound } from '../errors.ts';
import { readResults } from '../results/read.ts';
import type { ResultsDeps } from '../results/service.ts';
import { findMemberProgramOrder, programActivatedAt } from './plan-repository.ts';
import { retestsWithOrders } from './retest-repository.ts';
import { NO_PROGRAM_MESSAGE } from './plan-service.ts';

const resultsIn = new Set(['results_ready', 'completed']);

const orderView = (order: OrderRow) => ({
  id: order.id,
  number: order.number,
  status: order.status,
  statusLabel: orderStatusLabels[order.status as OrderStatus] ?? order.status,
});

export interface MemberProgramRetests {
  program: ReturnType<typeof orderView>;
  /** each retest of the schedule: when it is due, and its order once made */
  retests: Array<{ sequence: number; week: number; dueOn: string; order: ReturnType<typeof orderView> | null; resultsIn: boolean }>;
  /** the starter test's results beside each retest's that has its results; empty before then */
  comparison: BiomarkerComparison[];
}

const resultsOf = (read: { kits: Array<{ results: EvaluatedResult[] }> }) => read.kits.flatMap((kit) => kit.results);

/**
 * The retests of the signed-in member's program, and once one has its results, each biomarker of
 * the starter test beside its retest values. The results are read as every read is, written to the
 * audit log (one row per order read); before any retest has results, none are read.
 */
export async function memberProgramRetests(deps: ResultsDeps, user: SessionUser, ip: string | null): Promise<MemberProgramRetests> {
  const program = await findMemberProgramOrder(deps.db, user.id);
  if (!program) throw notFound('NO_ACTIVE_PROGRAM', NO_PROGRAM_MESSAGE);
  const [made, activatedAt] = await Promise.all([retestsWithOrders(deps.db, program.id), programActivatedAt(deps.db, program.id)]);
  const retests = retestSchedule(dayOf(activatedAt ?? program.updatedAt)).map((scheduled) => {
    const found = made.find(({ retest }) => retest.sequence === scheduled.sequence);
    return {
      sequence: scheduled.sequence,
      week: scheduled.week,
      dueOn: found?.retest.dueOn ?? scheduled.dueOn,
      order: found ? orderView(found.order) : null,
      resultsIn: found ? resultsIn.has(found.order.status) : false,
    };
  });
  const withResults = made.filter(({ order }) => resultsIn.has(order.status));
  if (withResults.length === 0) return { program: orderView(program), retests, comparison: [] };
  const starter = resultsOf(await readResults(deps, user, program.id, { format: 'json', ip }));
  const later = [];
  for (const { retest, order } of withResults) {
    later.push({ sequence: retest.sequence, results: resultsOf(await readResults(deps, user, order.id, { format: 'json', ip })) });
  }
  return { program: orderView(program), retests, comparison: compareResults(starter, later) };
}
