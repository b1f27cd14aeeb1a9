import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../orders/state-machine.ts';
import { isSamePerson, referralReward, REFERRAL_REWARD_CENTS, type ReferralRewardInput } from './referral.ts';

describe('isSamePerson', () => {
  it.each([
    ['the same account', { customerId: 'u1', email: 'a@x.com' }, { customerId: 'u1', email: 'b@x.com' }, true],
    ['the same e-mail on two accounts', { customerId: 'u1', email: 'jane@x.com' }, { customerId: 'u2', email: 'jane@x.com' }, true],
    ['the same e-mail in another case', { customerId: 'u1', email: 'Jane@X.com ' }, { customerId: 'u2', email: 'jane@x.com' }, true],
    ['a +tag of the same mailbox', { customerId: 'u1', email: 'jane@x.com' }, { customerId: null, email: 'jane+deal@x.com' }, true],
    ['two people', { customerId: 'u1', email: 'jane@x.com' }, { customerId: 'u2', email: 'john@x.com' }, false],
    ['the same name at another domain', { customerId: 'u1', email: 'jane@x.com' }, { customerId: 'u2', email: 'jane@y.com' }, false],
    ['a guest with nothing known', { customerId: 'u1', email: 'jane@x.com' }, { customerId: null, email: null }, false],
    ['two guests', { customerId: null, email: null }, { customerId: null, email: null }, false],
  ])('%s: %s', (_name, a, b, same) => {
    expect(isSamePerson(a, b)).toBe(same);
    expect(isSamePerson(b, a)).toBe(same);
  });
});

describe('referralReward', () => {
  const paidAt = new Date('2026-11-22T15:00:00Z');
  const input = (overrides: Partial<ReferralRewardInput> = {}): ReferralRewardInput => ({
    referrer: { customerId: 'referrer', email: 'ann@x.com' },
    friend: { customerId: 'friend', email: 'bob@x.com' },
    order: { status: 'paid', paidAt },
    friendPaidOrdersBefore: 0,
    ...overrides,
  });

  it("gives the referrer a $50 gift card when the friend's order is paid", () => {
    expect(referralReward(input())).toEqual({
      outcome: 'earned',
      customerId: 'referrer',
      reward: 'gift_card',
      amountCents: 5000,
      earnedAt: paidAt,
    });
    expect(REFERRAL_REWARD_CENTS).toBe(5000);
  });

  it('waits while the order waits for payment', () => {
    expect(referralReward(input({ order: { status: 'pending_payment', paidAt: null } }))).toEqual({
      outcome: 'pending',
      customerId: 'referrer',
      reward: 'gift_card',
      amountCents: 5000,
      when: 'order_paid',
    });
  });

  it.each<OrderStatus>(['collection_pending', 'kit_shipped', 'results_ready', 'completed'])(
    'stays earned as the order moves on (%s)',
    (status) => {
      expect(referralReward(input({ order: { status, paidAt } }))).toMatchObject({ outcome: 'earned', earnedAt: paidAt });
    },
  );

  it.each<OrderStatus>(['cancelled', 'refunded'])('earns nothing for an order %s before the reward', (status) => {
    expect(referralReward(input({ order: { status, paidAt } }))).toEqual({ outcome: 'none', reason: 'order_not_paid' });
  });

  it('refuses self-referral by account', () => {
    const self = input({ friend: { customerId: 'referrer', email: 'other@x.com' } });
    expect(referralReward(self)).toEqual({ outcome: 'none', reason: 'self_referral' });
  });

  it('refuses self-referral by e-mail', () => {
    const self = input({ friend: { customerId: 'new-account', email: 'ANN+2@x.com' } });
    expect(referralReward(self)).toEqual({ outcome: 'none', reason: 'self_referral' });
  });

  it('earns nothing for a friend who had already ordered', () => {
    expect(referralReward(input({ friendPaidOrdersBefore: 1 }))).toEqual({ outcome: 'none', reason: 'not_first_order' });
  });

  it('refuses a paid order without a payment time', () => {
    expect(() => referralReward(input({ order: { status: 'paid', paidAt: null } }))).toThrow(RangeError);
  });
});
