import { randomBytes } from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import { referralCodeFrom, referralReward, type Party } from '@shop/core';
import { orders, referralCodes, rewardLedger, users, type Executor } from '@shop/db';
import { onEvent } from '../events/bus.ts';
import type { DomainEventPayloads } from '../events/catalog.ts';
import { recordReferralEarning } from '../affiliates/ledger.ts';
import { flagSelfReferral, paidWithReferrersCard } from '../affiliates/self-referral.ts';

/** The member's referral code, made (40 random bits) the first time they ask for it. */
export async function referralCodeOf(tx: Executor, userId: string): Promise<string> {
  for (let tries = 0; tries < 5; tries += 1) {
    const [existing] = await tx.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    // a clash with another member's code (or a racing request of this one) just tries again
    await tx
      .insert(referralCodes)
      .values({ userId, code: referralCodeFrom(randomBytes(5)) })
      .onConflictDoNothing();
  }
  throw new Error('Could not make a referral code');
}

/** The member a referral code belongs to, as core's rules compare people. */
export async function referrerOf(
  tx: Executor,
  code: string,
): Promise<(Party & { customerId: string; firstName: string | null }) | undefined> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return row ? { customerId: row.id, email: row.email, firstName: firstNameOf(row.name, row.email) } : undefined;
}

/**
 * What the friend is told of the referrer: the first word of the name the member gave, never any
 * part of their e-mail (an account made at checkout is named after its address until its owner
 * changes it).
 */
function firstNameOf(name: string | null, email: string): string | null {
  const given = name?.trim() ?? '';
  if (!given || given === email.split('@')[0] || given.includes('@')) return null;
  return given.split(/\s+/)[0]!.slice(0, 40);
}

/**
 * When a paid order used a friend's referral, the referrer's reward enters the ledger, pending,
 * once (one earning per order): the $50 gift card is issued when the friend's order has cleared
 * the refund window (`approveClearedRewards`). Judged in the transaction that records the payment,
 * on the order as it was paid.
 */
export const rewardReferrerOfPaidOrder = onEvent({
  name: 'referrals.reward-referrer',
  on: 'order.paid',
  mode: 'in-transaction',
  handle: (tx, event) => recordReferralReward(tx, event.payload),
});

async function recordReferralReward(tx: Executor, order: DomainEventPayloads['order.paid']): Promise<void> {
  // a clinic paid it for its client: no friend bought anything (docs/decisions/0047-clinic-pays.md)
  if (order.via === 'clinic') return;
  const referral = order.appliedDiscounts.find((discount) => discount.source === 'referral');
  if (!referral?.code) return;
  const referrer = await referrerOf(tx, referral.code);
  if (!referrer) return;
  const [before] = await tx
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, order.userId),
        ne(orders.id, order.orderId),
        ne(orders.status, 'pending_payment'),
        ne(orders.status, 'cancelled'),
      ),
    );
  const reward = referralReward({
    referrer,
    friend: { customerId: order.userId, email: order.email },
    order: { status: 'paid', paidAt: new Date(order.paidAt) },
    friendPaidOrdersBefore: before?.value ?? 0,
  });
  if (reward.outcome !== 'earned') return;
  // the friend's card is the referrer's own: the same person under a second account
  if (await paidWithReferrersCard(tx, order.orderId, reward.customerId)) {
    await flagSelfReferral(tx, order.orderId);
    return;
  }
  await recordReferralEarning(tx, {
    referrerUserId: reward.customerId,
    orderId: order.orderId,
    orderNumber: order.number,
    paidAt: reward.earnedAt,
  });
}

/**
 * The rewards a member's referrals earned, oldest first: pending while the friend's order is in its
 * refund window, earned once the gift card was issued, void when the order was refunded first.
 */
export async function rewardsOf(tx: Executor, userId: string) {
  const entries = await tx
    .select()
    .from(rewardLedger)
    .where(and(eq(rewardLedger.referrerUserId, userId), eq(rewardLedger.kind, 'member_referral'), eq(rewardLedger.entry, 'earning')))
    .orderBy(rewardLedger.createdAt);
  return entries.map((entry) => ({
    amountCents: entry.amountCents,
    status: entry.status === 'paid' ? 'earned' : entry.status === 'voided' ? 'void' : 'pending',
    earnedAt: entry.paidAt ?? entry.createdAt,
  }));
}
