import type { Database, Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { deleteAccountData, findMinorRemoval, findUserForRemoval, insertMinorRemoval } from './repository.ts';

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
 * The queue's `minor.remove`: deletes the account with everything tied to it in one transaction
 * and leaves one audit line (the account id, the reason, how many orders), without health data.
 */
export function removeMinorJob(db: Database, log: JobLog): JobHandler<'minor.remove'> {
  return async ({ userId }) => {
    const removed = await db.transaction(async (tx) => {
      const user = await findUserForRemoval(tx, userId);
      const removal = await findMinorRemoval(tx, userId);
      // gone already, or never scheduled: nothing to do
      if (!user || !removal) return null;
      const { orders } = await deleteAccountData(tx, user);
      await recordAudit(tx, {
        actor: { id: null, role: 'system' },
        action: 'account.remove_minor',
        subjectType: 'account',
        subjectId: userId,
        detail: { reason: removal.reason, orders, scheduledAt: removal.createdAt.toISOString() },
      });
      return { orders };
    });
    if (removed) log.info({ userId, orders: removed.orders }, 'a minor’s account was removed');
  };
}
