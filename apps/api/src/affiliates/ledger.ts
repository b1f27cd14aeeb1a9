import { and, count, eq, inArray, isNotNull, lt, lte, ne } from 'drizzle-orm';
import { affiliateCommissionCents, REFERRAL_REWARD_CENTS, rewardClearsAt } from '@shop/core';
import { affiliateCodes, affiliates, orderAttributions, orders, referralRewards, rewardLedger, type Executor } from '@shop/db';
import { onEvent } from '../events/bus.ts';
import type { DomainEventPayloads } from '../events/catalog.ts';
import { issueReferralCredit } from '../store-credit/service.ts';
import { flagSelfReferral, paidWithReferrersCard } from './self-referral.ts';

export type LedgerRow = typeof rewardLedger.$inferSelect;

/**
 * An affiliate's commission on the first order of a customer they sent: pending from the moment
 * it is paid until the refund window has passed. Nothing for a customer's later orders, for an
 * order the affiliate placed themselves (flagged on the order's attribution), or for a gift's
 * recipient. The ledger's unique key makes a replayed event write nothing.
 */
export const commissionOfPaidOrder = onEvent({
  name: 'affiliates.commission',
  on: 'order.paid',
  mode: 'in-transaction',
  handle: (tx, event) => recordCommission(tx, event.payload),
});

async function recordCommission(tx: Executor, paid: DomainEventPayloads['order.paid']): Promise<void> {
  // the move to paid saw no attribution: nothing to earn, nothing to look up
  if (paid.via !== 'checkout' || paid.holds?.attribution === false) return;
  const [row] = await tx
    .select({ attribution: orderAttributions, affiliate: affiliates, order: orders })
    .from(orderAttributions)
    .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
    .innerJoin(affiliateCodes, eq(affiliateCodes.code, orderAttributions.affiliateCode))
    .innerJoin(affiliates, eq(affiliates.id, affiliateCodes.affiliateId))
    .where(eq(orderAttributions.orderId, paid.orderId));
  if (!row || row.attribution.selfReferral || row.attribution.affiliateCode === null) return;
  const paidAt = new Date(paid.paidAt);
  if ((await paidOrdersBefore(tx, paid.userId, paid.orderId, paidAt)) > 0) return;
  if (row.affiliate.userId && (await paidWithReferrersCard(tx, paid.orderId, row.affiliate.userId))) {
    await flagSelfReferral(tx, paid.orderId);
    return;
  }
  const amountCents = affiliateCommissionCents(row.order.subtotalCents - row.order.discountCents, row.affiliate.commissionPercent);
  if (amountCents === 0) return;
  await tx
    .insert(rewardLedger)
    .values({
      kind: 'affiliate_commission',
      affiliateId: row.affiliate.id,
      affiliateCode: row.attribution.affiliateCode,
      orderId: paid.orderId,
      amountCents,
      status: 'pending',
      reason: `First order #${paid.number} paid (${row.affiliate.commissionPercent}%)`,
      clearsAt: rewardClearsAt(paidAt),
    })
    .onConflictDoNothing();
}

/** The customer's orders paid before this one: a referral earns on the first only. */
async function paidOrdersBefore(tx: Executor, userId: string, orderId: string, paidAt: Date): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.id, orderId), isNotNull(orders.paidAt), lt(orders.paidAt, paidAt)));
  return row?.value ?? 0;
}

/**
 * A member's referral reward, pending until the friend's order clears the refund window: the
 * $50 gift card is issued on approval (`approveClearedRewards`), never at payment.
 */
export async function recordReferralEarning(
  tx: Executor,
  earning: { referrerUserId: string; orderId: string; orderNumber: number; paidAt: Date },
): Promise<void> {
  await tx
    .insert(rewardLedger)
    .values({
      kind: 'member_referral',
      referrerUserId: earning.referrerUserId,
      orderId: earning.orderId,
      amountCents: REFERRAL_REWARD_CENTS,
      status: 'pending',
      reason: `A friend's first order #${earning.orderNumber} paid`,
      clearsAt: rewardClearsAt(earning.paidAt),
    })
    .onConflictDoNothing();
}

/**
 * A refunded or cancelled order takes back what it earned others: a pending earning is voided; an
 * approved or paid one gets a clawback, a negative entry the next payout nets. Runs in the
 * refund's transaction, so the approval job (which only approves pending entries, under the row's
 * lock) and the refund never both win: one of them finds the other's status.
 */
export const reverseEarningsOfEndedOrder = onEvent({
  name: 'affiliates.reverse',
  on: ['order.cancelled', 'order.refunded'],
  mode: 'in-transaction',
  handle: (tx, event) => reverseEarnings(tx, event.payload.orderId, event.type === 'order.cancelled' ? 'cancelled' : 'refunded'),
});

export async function reverseEarnings(tx: Executor, orderId: string, why: 'cancelled' | 'refunded', now = new Date()): Promise<void> {
  await tx
    .update(rewardLedger)
    .set({ status: 'voided', voidedAt: now, reason: `Voided: the order was ${why} within the refund window` })
    .where(and(eq(rewardLedger.orderId, orderId), eq(rewardLedger.entry, 'earning'), eq(rewardLedger.status, 'pending')));
  const cleared = await tx
    .select()
    .from(rewardLedger)
    .where(and(eq(rewardLedger.orderId, orderId), eq(rewardLedger.entry, 'earning'), inArray(rewardLedger.status, ['approved', 'paid'])))
    .for('update');
  for (const earning of cleared) {
    await tx
      .insert(rewardLedger)
      .values({
        kind: earning.kind,
        entry: 'clawback',
        affiliateId: earning.affiliateId,
        affiliateCode: earning.affiliateCode,
        referrerUserId: earning.referrerUserId,
        clinicId: earning.clinicId,
        orderId,
        amountCents: -earning.amountCents,
        // netted by the next payout (an affiliate's); a member's gift card was given already
        status: 'approved',
        reason: `Clawed back: the order was ${why} after the refund window`,
        clearsAt: now,
        approvedAt: now,
      })
      .onConflictDoNothing();
  }
}

/**
 * Approves the earnings whose refund window has passed (`only` one affiliate's or one member's, for
 * the browser tests' clock), once: an affiliate's commission waits for
 * its payout; a member's reward is paid at once, as a $50 gift card (one per reward).
 */
export async function approveClearedRewards(
  tx: Executor,
  now = new Date(),
  only?: { affiliateId: string } | { referrerUserId: string },
): Promise<LedgerRow[]> {
  const approved = await tx
    .update(rewardLedger)
    .set({ status: 'approved', approvedAt: now })
    .where(
      and(
        eq(rewardLedger.status, 'pending'),
        eq(rewardLedger.entry, 'earning'),
        lte(rewardLedger.clearsAt, now),
        only && 'affiliateId' in only ? eq(rewardLedger.affiliateId, only.affiliateId) : undefined,
        only && 'referrerUserId' in only ? eq(rewardLedger.referrerUserId, only.referrerUserId) : undefined,
      ),
    )
    .returning();
  for (const entry of approved) {
    if (entry.kind !== 'member_referral' || entry.referrerUserId === null) continue;
    const [reward] = await tx
      .insert(referralRewards)
      .values({
        referrerUserId: entry.referrerUserId,
        orderId: entry.orderId,
        amountCents: entry.amountCents,
        status: 'earned',
        earnedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (reward) await issueReferralCredit(tx, reward);
    await tx.update(rewardLedger).set({ status: 'paid', paidAt: now }).where(eq(rewardLedger.id, entry.id));
  }
  return approved;
}
