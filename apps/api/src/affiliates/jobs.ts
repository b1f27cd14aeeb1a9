import type { Database } from '@shop/db';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { approveClearedRewards } from './ledger.ts';
import { runPayouts, type PayoutPort } from './payouts.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** approves the ledger's earnings whose refund window has passed (and issues members' gift cards) */
    'rewards.approve': Record<string, never>;
    /** pays affiliates their approved commissions for the month, above the threshold, each once */
    'affiliates.payout': Record<string, never>;
  }
}

/** The queue's `rewards.approve`, queued hourly by the scheduler. */
export function approveRewardsJob(db: Database, log: JobLog): JobHandler<'rewards.approve'> {
  return async (_payload, context) => {
    const approved = await db.transaction((tx) => approveClearedRewards(tx, context.now));
    if (approved.length > 0) log.info({ approved: approved.length }, 'rewards approved');
  };
}

/** The queue's `affiliates.payout`, queued once a month by the scheduler. */
export function payoutJob(db: Database, port: PayoutPort, log: JobLog): JobHandler<'affiliates.payout'> {
  return async (_payload, context) => {
    const run = await runPayouts(db, port, context.now);
    if (run.paid.length > 0) log.info({ period: run.period, payouts: run.paid.length }, 'affiliates paid');
  };
}
