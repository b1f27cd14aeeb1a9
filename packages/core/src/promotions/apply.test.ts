import { describe, expect, it } from 'vitest';
import { applyDiscounts, referralLabel, type DiscountCandidate, type DiscountContext } from './apply.ts';
import { defineCoupon, defineGiveaway, type CouponInput } from './coupons.ts';
import { promotionMessages } from './messages.ts';
import { linesOf } from '../cart/test-carts.ts';

const now = new Date('2026-11-22T12:00:00Z');
const startsAt = new Date('2026-11-01T00:00:00Z');
const guest: DiscountContext = { now, customer: { customerId: null, email: null, paidOrderCount: 0 } };
const member: DiscountContext = { now, customer: { customerId: 'u1', email: 'jane@x.com', paidOrderCount: 0 } };
const returning: DiscountContext = { now, customer: { ...member.customer, paidOrderCount: 2 } };

const coupon = (input: Partial<CouponInput> = {}, origin: 'typed' | 'cookie' = 'typed'): DiscountCandidate => ({
  source: 'coupon',
  origin,
  coupon: defineCoupon({ code: 'SAVE10', kind: 'percent', value: 10, startsAt, ...input }),
  timesUsedTotal: 0,
  timesUsedByCustomer: 0,
});
const affiliate = (origin: 'typed' | 'cookie' = 'cookie', code = 'girlboss20'): DiscountCandidate => ({
  source: 'affiliate',
  origin,
  code,
});
const referral = (origin: 'typed' | 'cookie' = 'typed', referrer = { customerId: 'ann', email: 'ann@x.com' }): DiscountCandidate => ({
  source: 'referral',
  origin,
  code: 'REF-28T5CY4T',
  referrer,
});
const baseDaily: DiscountCandidate = { source: 'base_daily' };

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('applyDiscounts', () => {
  it('changes nothing without candidates', () => {
    const result = applyDiscounts({ lines: linesOf('base-quiz') }, [], guest);
    expect(result).toMatchObject({ discountCents: 0, applied: [], rejected: [] });
    expect(result.lines[0]).toMatchObject({ productCode: 'base-quiz', lineTotalCents: 7995, discountCents: 0 });
  });

  describe('one code per order', () => {
    it('applies the larger of two typed codes and says why the other was not', () => {
      const result = applyDiscounts(
        { lines: linesOf('base-complete') },
        [coupon(), coupon({ code: 'BIG', kind: 'fixed', value: 5000 })],
        guest,
      );
      expect(result.applied).toEqual([{ source: 'coupon', code: 'BIG', label: 'BIG: $50.00 off', discountCents: 5000 }]);
      expect(result.rejected).toEqual([
        { source: 'coupon', code: 'SAVE10', origin: 'typed', reason: 'DISCOUNT_NOT_COMBINABLE', message: promotionMessages.keptLarger },
      ]);
      expect(result.discountCents).toBe(5000);
    });

    it("lets a typed code beat the link's cookie, even when the cookie would save more", () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [affiliate('cookie'), coupon()], member);
      expect(result.applied.map((applied) => applied.code)).toEqual(['SAVE10']);
      expect(result.rejected).toEqual([
        {
          source: 'affiliate',
          code: 'GIRLBOSS20',
          origin: 'cookie',
          reason: 'DISCOUNT_NOT_COMBINABLE',
          message: promotionMessages.keptTyped,
        },
      ]);
      expect(result.discountCents).toBe(800);
    });

    it('falls back to the cookie when the typed code is refused', () => {
      const expired = coupon({ expiresAt: new Date('2026-11-20T00:00:00Z') });
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [expired, affiliate('cookie')], member);
      expect(result.applied).toEqual([
        { source: 'affiliate', code: 'GIRLBOSS20', label: 'GIRLBOSS20: 20% off your first order', discountCents: 1599 },
      ]);
      expect(result.rejected).toEqual([
        {
          source: 'coupon',
          code: 'SAVE10',
          origin: 'typed',
          reason: 'DISCOUNT_CODE_EXPIRED',
          message: 'The discount code you applied is expired.',
        },
      ]);
    });

    it('keeps the first of two codes that save the same', () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [referral('typed'), affiliate('typed')], member);
      expect(result.applied.map((applied) => applied.source)).toEqual(['referral']);
      expect(result.rejected.map((rejected) => rejected.reason)).toEqual(['DISCOUNT_NOT_COMBINABLE']);
    });

    it('names a giveaway code as a giveaway', () => {
      const giveaway: DiscountCandidate = {
        source: 'coupon',
        origin: 'typed',
        coupon: defineGiveaway({ code: 'tiktok25', value: 25, startsAt }),
        timesUsedTotal: 0,
        timesUsedByCustomer: 0,
      };
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [giveaway, affiliate('cookie')], guest);
      expect(result.applied).toEqual([{ source: 'giveaway', code: 'TIKTOK25', label: 'Giveaway TIKTOK25: 25% off', discountCents: 1999 }]);
    });
  });

  describe('Base Daily 5% off tests', () => {
    it('stacks on a code, computed on what is left', () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [coupon({ value: 20 }), baseDaily], member);
      expect(result.applied).toEqual([
        { source: 'coupon', code: 'SAVE10', label: 'SAVE10: 20% off', discountCents: 1599 },
        { source: 'base_daily', code: null, label: 'Base Daily member: 5% off tests', discountCents: 320 },
      ]);
      expect(result.discountCents).toBe(1919);
      expect(result.lines[0]!.discountCents).toBe(1919);
    });

    it('applies alone, to tests only', () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz', 'nutritional-plan', 'base-improvement-plan') }, [baseDaily], member);
      expect(result.lines.map((line) => line.discountCents)).toEqual([400, 0, 0]);
      expect(result.discountCents).toBe(400);
    });

    it('says so when the cart holds no test', () => {
      const result = applyDiscounts({ lines: linesOf('nutritional-plan') }, [baseDaily], member);
      expect(result.applied).toEqual([]);
      expect(result.rejected).toEqual([
        {
          source: 'base_daily',
          code: null,
          origin: null,
          reason: 'DISCOUNT_CODE_NOT_APPLICABLE',
          message: promotionMessages.baseDailyNoTests,
        },
      ]);
    });

    it('has nothing left to take after a 100% code', () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [coupon({ value: 100 }), baseDaily], member);
      expect(result.discountCents).toBe(7995);
      expect(result.rejected.map((rejected) => rejected.source)).toEqual(['base_daily']);
    });

    it('counts only once however often it is offered', () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [baseDaily, baseDaily], member);
      expect(result.discountCents).toBe(400);
      expect(result.applied).toHaveLength(1);
    });
  });

  describe('affiliate and referral codes: 20% off a first order', () => {
    it('gives the friend 20% off everything paid now', () => {
      const result = applyDiscounts({ lines: linesOf('base-quiz', 'fast-track') }, [referral()], guest);
      expect(result.applied).toEqual([
        { source: 'referral', code: 'REF-28T5CY4T', label: "A friend's referral: 20% off your first order", discountCents: 2598 },
      ]);
    });

    it.each([
      ['by account', { customerId: 'u1', email: 'other@x.com' }],
      ['by e-mail', { customerId: 'u9', email: 'JANE@x.com' }],
    ])('refuses self-referral %s', (_name, referrer) => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [referral('typed', referrer)], member);
      expect(result.discountCents).toBe(0);
      expect(result.rejected).toEqual([
        { source: 'referral', code: 'REF-28T5CY4T', origin: 'typed', reason: 'DISCOUNT_CODE_OWN_CODE', message: promotionMessages.ownCode },
      ]);
    });

    it("refuses an affiliate's own link", () => {
      const own: DiscountCandidate = { source: 'affiliate', origin: 'cookie', code: 'ness', owner: { customerId: 'u1', email: null } };
      expect(applyDiscounts({ lines: linesOf('base-quiz') }, [own], member).rejected[0]?.reason).toBe('DISCOUNT_CODE_OWN_CODE');
    });

    it.each([affiliate('cookie'), referral('typed')])('is for a first order only (%o)', (candidate) => {
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [candidate], returning);
      expect(result.discountCents).toBe(0);
      expect(result.rejected[0]).toMatchObject({ reason: 'DISCOUNT_CODE_FIRST_ORDER_ONLY', message: promotionMessages.firstOrderOnly });
    });

    it('refuses a malformed code', () => {
      const bad: DiscountCandidate = {
        source: 'referral',
        origin: 'typed',
        code: 'REF-NOPE',
        referrer: { customerId: 'ann', email: null },
      };
      const junk = affiliate('cookie', 'a b');
      const result = applyDiscounts({ lines: linesOf('base-quiz') }, [bad, junk], guest);
      expect(result.rejected.map((rejected) => [rejected.reason, rejected.message])).toEqual([
        ['DISCOUNT_CODE_INVALID', promotionMessages.referralFormat],
        ['DISCOUNT_CODE_INVALID', promotionMessages.codeFormat],
      ]);
    });

    it('has nothing to discount when only the deferred program is in the cart', () => {
      const result = applyDiscounts({ lines: linesOf('base-improvement-plan') }, [affiliate('typed')], guest);
      expect(result.rejected[0]?.reason).toBe('DISCOUNT_CODE_NOT_APPLICABLE');
    });
  });

  describe('what always holds', () => {
    const carts = [
      linesOf('base-quiz', 'base-improvement-plan'),
      linesOf('base-complete', 'base-complete-improvement-plan', 'fast-track'),
      linesOf({ productCode: 'food-allergy', quantity: 3 }, 'food-sensitivity', 'nutritional-plan', 'base-monitor'),
      linesOf('base-improvement-plan-pay-upfront', 'gift-one-off', 'health-coach', 'base-daily'),
    ];
    const offers: DiscountCandidate[][] = [
      [coupon({ value: 100 }), baseDaily],
      [coupon({ kind: 'fixed', value: 1_000_000 }), baseDaily],
      [coupon({ kind: 'fixed', value: 1001 }), baseDaily],
      [coupon({ value: 15 }), affiliate('cookie'), baseDaily],
      [referral(), baseDaily],
    ];

    it.each(carts.flatMap((lines, c) => offers.map((candidates, o) => [c, o, lines, candidates] as const)))(
      'cart %i with offer %i: no line below zero, the program untouched, lines add up',
      (_c, _o, lines, candidates) => {
        const result = applyDiscounts({ lines }, candidates, member);
        for (const line of result.lines) {
          expect(Number.isInteger(line.discountCents)).toBe(true);
          expect(line.discountCents).toBeGreaterThanOrEqual(0);
          expect(line.discountCents).toBeLessThanOrEqual(line.lineTotalCents);
          if (line.charge === 'on_results') expect(line.discountCents).toBe(0);
        }
        expect(result.discountCents).toBe(sum(result.lines.map((line) => line.discountCents)));
        expect(result.discountCents).toBe(sum(result.applied.map((applied) => applied.discountCents)));
        expect(result.applied.filter((applied) => applied.source !== 'base_daily').length).toBeLessThanOrEqual(1);
      },
    );
  });
});

describe('referralLabel', () => {
  it('names the referrer by the first name they gave, or says a friend', () => {
    expect(referralLabel('Maya', 20)).toBe("Maya's referral: 20% off your first order");
    expect(referralLabel(null, 20)).toBe("A friend's referral: 20% off your first order");
  });
});
