import type { Database } from '@shop/db';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { LAB_SIGNATURE_TOLERANCE_SECONDS } from './lab-signature.ts';
import { forgetNoncesBefore } from './repository.ts';

/**
 * How long a lab request's signature is remembered. A request is accepted while its timestamp is
 * within the tolerance of the shop's clock, so at most twice the tolerance after it was first seen;
 * a replay after that is refused for its timestamp. A day leaves room for a clock that drifts.
 */
export const NONCE_LIFETIME_MS = 24 * 3600 * 1000;
if (NONCE_LIFETIME_MS < 2 * LAB_SIGNATURE_TOLERANCE_SECONDS * 1000) throw new Error('a nonce must outlive its signature');

/** The queue's `nonce.prune`, queued hourly by the scheduler: the nonce table keeps a day of requests, not every one. */
export function pruneNoncesJob(db: Database, log: JobLog): JobHandler<'nonce.prune'> {
  return async (_payload, context) => {
    const forgotten = await forgetNoncesBefore(db, new Date(context.now.getTime() - NONCE_LIFETIME_MS));
    if (forgotten > 0) log.info({ forgotten }, 'lab request nonces pruned');
  };
}
