import { and, eq } from 'drizzle-orm';
import { DELETION_LINK_MINUTES, memberCancelVerdict, orderStatuses, type KitStatus, type OrderStatus } from '@shop/core';
import { accounts, orders, type Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { verifyPassword } from '../auth/password.ts';
import { cancelBeforeShipping } from '../billing/member-cancel.ts';
import type { RefundDeps } from '../billing/refunds.ts';
import { enqueueEmail } from '../email/queue.ts';
import { layout } from '../email/templates.ts';
import { AppError, conflict } from '../errors.ts';
import type { FileStorage } from '../files/storage.ts';
import { listKits } from '../orders/lifecycle-repository.ts';
import { eraseMemberRows, lockMember, type ErasureCounts } from './repository.ts';

export { pseudonymAddress } from './repository.ts';

/** Why an account is erased: a fixed word for the audit line, never free text. */
export type ErasureReason = 'member_request' | 'profile_date_of_birth' | 'reported_by_staff';

export interface ErasureDeps {
  db: Database;
  storage: FileStorage;
}

/**
 * Orders whose money is settled or whose tests are done (from results on, in the order of the
 * state machine, and one never paid): nothing is left to cancel, the order is kept as it is.
 */
const settledStatuses: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  'pending_payment',
  ...orderStatuses.slice(orderStatuses.indexOf('results_ready')),
]);

export const erasureMessages = {
  inProgress: (numbers: number[]) =>
    `Your ${numbers.length === 1 ? 'order' : 'orders'} ${numbers.map((number) => `#${number}`).join(', ')} ${
      numbers.length === 1 ? 'is' : 'are'
    } already at the lab or on its way to you, so your account cannot be deleted yet. You can delete it once your results are ready, or message support to cancel.`,
  passwordWrong: 'Your password is not correct.',
  noPassword: `Your account has no password: we e-mailed you a link to confirm the deletion. It works for ${DELETION_LINK_MINUTES} minutes.`,
  linkInvalid: 'This link to delete your account has expired or was already used. Ask for a new one from your account.',
  deleted: 'Your account is deleted. We sent a confirmation to your e-mail address.',
} as const;

/**
 * The open orders before a member deletes their account: one whose kit has not shipped (and whose
 * lab order was not sent) is cancelled and refunded in full through the member's own cancel; one
 * with a kit on its way or a sample at the lab refuses the deletion (409) until its results are
 * in, so no sample is tested for nobody. Answers the numbers of the orders cancelled.
 */
export async function settleOpenOrders(deps: RefundDeps, userId: string, ip: string | null): Promise<number[]> {
  const own = await deps.db.select().from(orders).where(eq(orders.userId, userId));
  const open = own.filter((order) => !settledStatuses.has(order.status as OrderStatus));
  const blocked: number[] = [];
  const cancellable: typeof open = [];
  for (const order of open) {
    const kits = (await listKits(deps.db, order.id)).map((kit) => kit.status as KitStatus);
    if (memberCancelVerdict(order.status as OrderStatus, kits).ok) cancellable.push(order);
    else blocked.push(order.number);
  }
  if (blocked.length) throw conflict('ACCOUNT_HAS_ORDERS_IN_PROGRESS', erasureMessages.inProgress(blocked));
  for (const order of cancellable) {
    try {
      await cancelBeforeShipping(deps, { id: userId }, order.id, ip);
    } catch (error) {
      // a clinic's order or one with nothing paid by the member: nothing of theirs to refund, it is kept as it is
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
  return cancellable.map((order) => order.number);
}

/** Whether the password is the account's own; false for an account without one. */
export async function passwordMatches(db: Database, userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!row?.password) return false;
  return verifyPassword({ hash: row.password, password });
}

export async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return Boolean(row?.password);
}

function accountDeletedEmail(to: string): ReturnType<typeof layout> {
  return layout('account-deleted', to, 'Your Base account is deleted', [
    'Your Base account and the health data it held are deleted, as you asked.',
    'What the law makes us keep of your purchases (what was paid and refunded, with tax) is kept under a reference that no longer names you, without anything about your tests.',
    'If you did not ask for this, reply to this e-mail.',
  ]);
}

/**
 * Erases an account in one transaction (repository.ts says what goes and what stays), writes one
 * audit line with counts only, and, when asked, queues the confirmation to the address it had.
 * The sealed files in the storage are removed once the rows are gone. Null when the account is
 * gone already.
 */
export async function eraseAccount(
  deps: ErasureDeps,
  userId: string,
  options: {
    reason: ErasureReason;
    actor: { id: string | null; role: string };
    ip?: string | null;
    confirm?: boolean;
    detail?: Record<string, unknown>;
  },
): Promise<{ counts: ErasureCounts } | null> {
  const erased = await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member) return null;
    const { counts, storageKeys } = await eraseMemberRows(tx, member);
    await recordAudit(tx, {
      actor: options.actor,
      action: 'account.erase',
      subjectType: 'account',
      subjectId: userId,
      detail: { reason: options.reason, ...counts, ...options.detail },
      ip: options.ip ?? null,
    });
    if (options.confirm) await enqueueEmail(tx, accountDeletedEmail(member.email), `account-deleted:${userId}`);
    return { counts, storageKeys };
  });
  if (!erased) return null;
  for (const key of erased.storageKeys) await deps.storage.delete(key);
  return { counts: erased.counts };
}
