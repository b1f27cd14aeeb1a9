import type { Executor } from '@shop/db';
import { eraseAccount, type ErasureDeps } from '../erasure/service.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { findMinorRemoval, insertMinorRemoval } from './repository.ts';

/** A minor's account and results are gone within this long of being found (DESIGN.md §3). */
export const minorRemovalWithinMs = 24 * 3600 * 1000;

/** Why an account is removed; a fixed word, never free text, so no health detail lands in the log. */
export type MinorRemovalReason = 'profile_date_of_birth' | 'reported_by_staff';

/**
 * Records that an account belongs to a person under 18 and queues its removal to run now, in the
 * caller's transaction; the row's `dueAt` is the deadline. Scheduling twice is one removal.
 */
export async function scheduleMinorRemoval(tx: Executor, userId: string, reason: MinorRemovalReason): Promise<{ dueAt: Date }> {
  const dueAt = new Date(Date.now() + minorRemovalWithinMs);
  await insertMinorRemoval(tx, { userId, reason, dueAt });
  await enqueue(tx, { name: 'minor.remove', payload: { userId }, singletonKey: `minor.remove:${userId}`, maxAttempts: 10 });
  const row = await findMinorRemoval(tx, userId);
  return { dueAt: row?.dueAt ?? dueAt };
}

/**
 * The queue's `minor.remove`: erases the account as a member's own deletion does (erasure/service.ts,
 * one transaction, the accounting rows kept under a pseudonym) and leaves one audit line (the
 * account id, the reason, counts), without health data.
 */
export function removeMinorJob(deps: ErasureDeps, log: JobLog): JobHandler<'minor.remove'> {
  return async ({ userId }) => {
    const removal = await findMinorRemoval(deps.db, userId);
    // gone already, or never scheduled: nothing to do
    if (!removal) return;
    const removed = await eraseAccount(deps, userId, {
      reason: removal.reason as MinorRemovalReason,
      actor: { id: null, role: 'system' },
      detail: { scheduledAt: removal.createdAt.toISOString() },
    });
    if (removed) log.info({ userId, orders: removed.counts.orders }, 'a minor’s account was removed');
  };
}
