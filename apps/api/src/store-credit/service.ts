import { formatMoney, planStoreCredit, spendableBalance, type CreditPlan } from '@shop/core';
import type { Executor } from '@shop/db';
import { cardsOf, issueCard, lockSpendableCards, returnToCard, spendFromCard, unreturnedSpends } from './repository.ts';
import { onEvent } from '../events/bus.ts';

/**
 * What store credit takes off an order about to be placed: the customer's cards are locked (oldest
 * first) and core's rule says how much of what is due now each one pays. Call it inside the
 * transaction that creates the order, and `spendCredit` once the order exists.
 */
export async function planCreditFor(tx: Executor, userId: string, dueNowCents: number): Promise<CreditPlan> {
  if (dueNowCents <= 0) return { creditCents: 0, spends: [] };
  const cards = await lockSpendableCards(tx, userId);
  return planStoreCredit({ dueNowCents, cards });
}

/** Spends the plan on the order. The cards are locked, so each conditional update holds; if one did not, nothing commits. */
export async function spendCredit(tx: Executor, orderId: string, plan: CreditPlan): Promise<void> {
  for (const spend of plan.spends) {
    const spent = await spendFromCard(tx, spend.cardId, orderId, spend.amountCents);
    if (!spent) throw new Error(`gift card ${spend.cardId} no longer holds ${spend.amountCents} cents`);
  }
}

/** A cancelled or refunded order gives back the store credit it spent, with the move. */
export const returnCreditOfEndedOrder = onEvent({
  name: 'store-credit.return',
  on: ['order.cancelled', 'order.refunded'],
  mode: 'in-transaction',
  handle: async (tx, event) => void (await returnCredit(tx, event.payload.orderId)),
});

/** A refunded or cancelled order gives its store credit back to the cards it came from, once. Answers the cents returned. */
export async function returnCredit(tx: Executor, orderId: string): Promise<number> {
  let returned = 0;
  for (const spend of await unreturnedSpends(tx, orderId)) {
    if (await returnToCard(tx, spend.giftCardId, orderId, spend.amountCents)) returned += spend.amountCents;
  }
  return returned;
}

/** The referral reward becomes store credit for the referrer: one card per reward. */
export async function issueReferralCredit(
  tx: Executor,
  reward: { id: string; referrerUserId: string; amountCents: number },
): Promise<boolean> {
  return issueCard(tx, { userId: reward.referrerUserId, source: 'referral', sourceId: reward.id, amountCents: reward.amountCents });
}

/** The Improvement Program's guarantee, given as store credit: one card per order, whoever asks twice. */
export async function issueGuaranteeCredit(
  tx: Executor,
  grant: { userId: string; orderId: string; amountCents: number },
): Promise<boolean> {
  return issueCard(tx, { userId: grant.userId, source: 'guarantee', sourceId: grant.orderId, amountCents: grant.amountCents });
}

const sourceLabels: Record<string, string> = {
  referral: 'Referral reward',
  goodwill: 'From the Base team',
  guarantee: 'Improvement Program guarantee',
};

/** The account page's view: the spendable balance and each card. */
export async function storeCreditOf(db: Executor, userId: string) {
  const cards = await cardsOf(db, userId);
  const now = new Date();
  const balanceCents = spendableBalance(cards, now);
  return {
    balanceCents,
    balance: formatMoney(balanceCents),
    cards: cards.map((card) => ({
      label: sourceLabels[card.source] ?? 'Gift card',
      initial: formatMoney(card.initialCents),
      balance: formatMoney(card.balanceCents),
      issuedAt: card.createdAt.toISOString(),
      expiresAt: card.expiresAt?.toISOString() ?? null,
    })),
  };
}
