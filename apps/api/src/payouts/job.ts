import type { Database } from '@shop/db';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import type { PayoutPort } from './port.ts';
import { runPayouts } from './run.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** pays affiliates and clinics what they have approved for the month, above the threshold, each once */
    'rewards.payout': Record<string, never>;
  }
}

/**
 * The queue's `rewards.payout`, queued once a month by the scheduler, and when an operator sets a
 * payee's payout account (a payout waiting for it goes then, not a month later).
 */
export function payoutJob(db: Database, port: PayoutPort, log: JobLog): JobHandler<'rewards.payout'> {
  return async (_payload, context) => {
    const run = await runPayouts(db, port, context.now);
    if (run.paid.length > 0) log.info({ period: run.period, payouts: run.paid.length, port: port.name }, 'payees paid');
    for (const waiting of run.waiting) log.warn({ payoutId: waiting.payoutId, reason: waiting.reason }, 'payout waiting for its payee');
  };
}
