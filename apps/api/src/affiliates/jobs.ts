import type { Database } from '@shop/db';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { approveClearedRewards } from './ledger.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** approves the ledger's earnings whose refund window has passed (and issues members' gift cards) */
    'rewards.approve': Record<string, never>;
  }
}

/** The queue's `rewards.approve`, queued hourly by the scheduler. */
export function approveRewardsJob(db: Database, log: JobLog): JobHandler<'rewards.approve'> {
  return async (_payload, context) => {
    const approved = await db.transaction((tx) => approveClearedRewards(tx, context.now));
    if (approved.length > 0) log.info({ approved: approved.length }, 'rewards approved');
  };
}
