import { describe, expect, it } from 'vitest';
import { planStoreCredit, spendableBalance, type CreditCard } from './store-credit.ts';

const card = (id: string, balanceCents: number, day: number, expiresAt?: Date): CreditCard => ({
  id,
  balanceCents,
  createdAt: new Date(Date.UTC(2026, 0, day)),
  expiresAt: expiresAt ?? null,
});
const now = new Date(Date.UTC(2026, 5, 1));

describe('store credit', () => {
  it('covers what is due now when the balance is enough', () => {
    expect(planStoreCredit({ dueNowCents: 2995, cards: [card('a', 5000, 1)], now })).toEqual({
      creditCents: 2995,
      spends: [{ cardId: 'a', amountCents: 2995 }],
    });
  });

  it('never covers more than what is due now: the rest of the balance stays on the card', () => {
    expect(planStoreCredit({ dueNowCents: 7995, cards: [card('a', 5000, 1)], now })).toEqual({
      creditCents: 5000,
      spends: [{ cardId: 'a', amountCents: 5000 }],
    });
  });

  it('spends the oldest card first, then the next', () => {
    const plan = planStoreCredit({ dueNowCents: 7000, cards: [card('new', 5000, 20), card('old', 5000, 2)], now });
    expect(plan).toEqual({
      creditCents: 7000,
      spends: [
        { cardId: 'old', amountCents: 5000 },
        { cardId: 'new', amountCents: 2000 },
      ],
    });
  });

  it('takes nothing when nothing is due now (the program billed on results is never paid with credit)', () => {
    expect(planStoreCredit({ dueNowCents: 0, cards: [card('a', 5000, 1)], now })).toEqual({ creditCents: 0, spends: [] });
    expect(planStoreCredit({ dueNowCents: -5, cards: [card('a', 5000, 1)], now }).creditCents).toBe(0);
  });

  it('skips empty and expired cards', () => {
    const expired = card('expired', 5000, 1, new Date(Date.UTC(2026, 4, 1)));
    const plan = planStoreCredit({ dueNowCents: 6000, cards: [expired, card('empty', 0, 2), card('live', 5000, 3)], now });
    expect(plan).toEqual({ creditCents: 5000, spends: [{ cardId: 'live', amountCents: 5000 }] });
    expect(spendableBalance([expired, card('empty', 0, 2), card('live', 5000, 3)], now)).toBe(5000);
  });

  it('over two orders: what the first leaves, the second spends', () => {
    const first = planStoreCredit({ dueNowCents: 2995, cards: [card('a', 5000, 1)], now });
    const second = planStoreCredit({ dueNowCents: 7995, cards: [card('a', 5000 - first.creditCents, 1)], now });
    expect([first.creditCents, second.creditCents]).toEqual([2995, 2005]);
  });
});
