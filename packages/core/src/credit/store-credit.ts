import type { Cents } from '../money/money.ts';

/** A gift card with money left on it, as the rule reads it. */
export interface CreditCard {
  id: string;
  balanceCents: Cents;
  createdAt: Date;
  expiresAt?: Date | null;
}

export interface CreditSpend {
  cardId: string;
  amountCents: Cents;
}

export interface CreditPlan {
  /** what the credit takes off what is paid now */
  creditCents: Cents;
  /** how much comes off each card, oldest first; cards left untouched are not listed */
  spends: CreditSpend[];
}

/** The words an order summary and a receipt use for it. */
export const STORE_CREDIT_LABEL = 'Store credit';

/**
 * How store credit pays for an order (docs/decisions/0013-gift-redemption-and-store-credit.md):
 * - it covers at most what is due now, after discounts: never the Improvement Program charged
 *   when results arrive, so that charge stays what the customer consented to;
 * - the oldest card is spent first (the one that will expire or be forgotten first), and a card
 *   past its expiry or without balance is skipped;
 * - whole cents only, never a card below zero.
 * The API applies the plan under the cards' row locks, so two checkouts never spend a cent twice.
 */
export function planStoreCredit(input: { dueNowCents: Cents; cards: readonly CreditCard[]; now?: Date }): CreditPlan {
  const now = input.now ?? new Date();
  let left = Math.max(0, Math.trunc(input.dueNowCents));
  const spends: CreditSpend[] = [];
  const usable = input.cards
    .filter((card) => card.balanceCents > 0 && (!card.expiresAt || card.expiresAt.getTime() > now.getTime()))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const card of usable) {
    if (left === 0) break;
    const amountCents = Math.min(card.balanceCents, left);
    spends.push({ cardId: card.id, amountCents });
    left -= amountCents;
  }
  return { creditCents: spends.reduce((sum, spend) => sum + spend.amountCents, 0), spends };
}

/** The balance a customer can spend: the sum of their cards that have not expired. */
export function spendableBalance(cards: readonly CreditCard[], now = new Date()): Cents {
  return cards
    .filter((card) => !card.expiresAt || card.expiresAt.getTime() > now.getTime())
    .reduce((sum, card) => sum + Math.max(0, card.balanceCents), 0);
}
