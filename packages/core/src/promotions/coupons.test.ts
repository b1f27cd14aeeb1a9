import { describe, expect, it } from 'vitest';
import { defineCoupon, defineGiveaway, evaluateCoupon, couponLabel, type CouponContext, type CouponInput } from './coupons.ts';
import { couponDefinitionMessages, promotionMessages } from './messages.ts';
import { linesOf } from '../cart/test-carts.ts';

const startsAt = new Date('2026-11-01T05:00:00Z');
const expiresAt = new Date('2026-12-01T05:00:00Z');
const base: CouponInput = { code: 'save20', kind: 'percent', value: 20, startsAt, expiresAt };

function context(overrides: Partial<CouponContext> = {}): CouponContext {
  return {
    now: new Date('2026-11-22T12:00:00Z'),
    lines: linesOf('base-quiz'),
    timesUsedTotal: 0,
    timesUsedByCustomer: 0,
    customerKnown: true,
    ...overrides,
  };
}

function definitionError(input: CouponInput): string | undefined {
  try {
    defineCoupon(input);
    return undefined;
  } catch (error) {
    return (error as { issues: Array<{ message: string }> }).issues[0]?.message;
  }
}

describe('defining a coupon', () => {
  it('normalises the code and fills the defaults', () => {
    const coupon = defineCoupon({ ...base, code: ' Save20 ' });
    expect(coupon).toMatchObject({ code: 'SAVE20', giveaway: false, oncePerCustomer: false });
    expect(coupon.usageLimit).toBeUndefined();
  });

  it('takes dates as the operator console sends them', () => {
    expect(defineCoupon({ ...base, startsAt: '2026-11-01T05:00:00Z' }).startsAt).toEqual(startsAt);
  });

  it.each<[string, CouponInput, string]>([
    ['0%', { ...base, value: 0 }, couponDefinitionMessages.percentValue],
    ['101%', { ...base, value: 101 }, couponDefinitionMessages.percentValue],
    ['12.5%', { ...base, value: 12.5 }, couponDefinitionMessages.wholeValue],
    ['$0 off', { ...base, kind: 'fixed', value: 0 }, couponDefinitionMessages.fixedValue],
    ['an end before the start', { ...base, expiresAt: new Date('2026-10-01T00:00:00Z') }, couponDefinitionMessages.endsAfterStart],
    ['an end at the start', { ...base, expiresAt: startsAt }, couponDefinitionMessages.endsAfterStart],
    ['a usage limit of 0', { ...base, usageLimit: 0 }, couponDefinitionMessages.usageLimit],
    ['a minimum of 0', { ...base, minimumSubtotalCents: 0 }, couponDefinitionMessages.minimumSubtotal],
    ['an empty product list', { ...base, productCodes: [] }, couponDefinitionMessages.productCodes],
    ['the program billed on results', { ...base, productCodes: ['base-improvement-plan'] }, couponDefinitionMessages.deferredProduct],
    ['a referral-shaped code', { ...base, code: 'REF-SPRING' }, couponDefinitionMessages.referralPrefix],
    ['a bad start date', { ...base, startsAt: 'soon' }, couponDefinitionMessages.date],
    ['a malformed code', { ...base, code: 'save 20' }, promotionMessages.codeFormat],
  ])('refuses %s', (_name, input, message) => {
    expect(definitionError(input)).toBe(message);
  });

  it('accepts 100% off and a fixed amount', () => {
    expect(defineCoupon({ ...base, value: 100 }).value).toBe(100);
    expect(defineCoupon({ ...base, kind: 'fixed', value: 1000 }).value).toBe(1000);
  });
});

describe('defining a giveaway code (15–25%, specification §9)', () => {
  it.each([15, 20, 25])('accepts %i%%', (value) => {
    expect(defineGiveaway({ code: 'GIVEAWAY', value, startsAt })).toMatchObject({ kind: 'percent', giveaway: true, value });
  });

  it.each([14, 26, 100])('refuses %i%%', (value) => {
    expect(() => defineGiveaway({ code: 'GIVEAWAY', value, startsAt })).toThrow(couponDefinitionMessages.giveawayPercent);
  });

  it('refuses a fixed-amount giveaway', () => {
    expect(definitionError({ code: 'GIVEAWAY', kind: 'fixed', value: 20, giveaway: true, startsAt })).toBe(
      couponDefinitionMessages.giveawayKind,
    );
  });
});

describe('evaluating a coupon', () => {
  const coupon = defineCoupon(base);

  it('takes 20% off a starter test', () => {
    expect(evaluateCoupon(coupon, context())).toEqual({ ok: true, discountCents: 1599, lineDiscountCents: [1599] });
  });

  it.each([
    ['starts exactly now', startsAt, true],
    ['starts a millisecond from now', new Date(startsAt.getTime() - 1), false],
    ['expires a millisecond from now', new Date(expiresAt.getTime() - 1), true],
    ['expires exactly now', expiresAt, false],
  ])('%s: usable %s', (_name, now, ok) => {
    expect(evaluateCoupon(coupon, context({ now })).ok).toBe(ok);
  });

  it('says when a code is not active yet, with its start date in US Eastern time', () => {
    const result = evaluateCoupon(coupon, context({ now: new Date('2026-10-31T00:00:00Z') }));
    expect(result).toEqual({
      ok: false,
      code: 'DISCOUNT_CODE_NOT_STARTED',
      message: 'This discount code is not active yet. You can use it from November 1, 2026.',
    });
  });

  it("uses the specification's words for an expired code", () => {
    expect(evaluateCoupon(coupon, context({ now: new Date('2027-01-01T00:00:00Z') }))).toEqual({
      ok: false,
      code: 'DISCOUNT_CODE_EXPIRED',
      message: 'The discount code you applied is expired.',
    });
  });

  it('never expires without an end date', () => {
    const open = defineCoupon({ ...base, expiresAt: undefined });
    expect(evaluateCoupon(open, context({ now: new Date('2036-01-01T00:00:00Z') })).ok).toBe(true);
  });

  it.each([
    [99, true],
    [100, false],
    [101, false],
  ])('with a limit of 100 and %i uses: usable %s', (timesUsedTotal, ok) => {
    const limited = defineCoupon({ ...base, usageLimit: 100 });
    const result = evaluateCoupon(limited, context({ timesUsedTotal }));
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result).toMatchObject({ code: 'DISCOUNT_CODE_LIMIT_REACHED', message: promotionMessages.limitReached });
  });

  describe('once per customer', () => {
    const once = defineCoupon({ ...base, oncePerCustomer: true });

    it('is usable the first time', () => {
      expect(evaluateCoupon(once, context({ timesUsedByCustomer: 0 })).ok).toBe(true);
    });

    it('is refused the second time', () => {
      expect(evaluateCoupon(once, context({ timesUsedByCustomer: 1 }))).toMatchObject({
        code: 'DISCOUNT_CODE_ALREADY_USED',
        message: promotionMessages.alreadyUsed,
      });
    });

    it('asks a guest to sign in, since it cannot tell who they are', () => {
      expect(evaluateCoupon(once, context({ customerKnown: false }))).toMatchObject({
        code: 'DISCOUNT_CODE_SIGN_IN_REQUIRED',
        message: promotionMessages.signInRequired,
      });
    });

    it('lets a guest use a code that is not once per customer', () => {
      expect(evaluateCoupon(coupon, context({ customerKnown: false })).ok).toBe(true);
    });
  });

  it("reports the limit before the customer's own use: the code is gone for everyone", () => {
    const both = defineCoupon({ ...base, usageLimit: 1, oncePerCustomer: true });
    expect(evaluateCoupon(both, context({ timesUsedTotal: 1, timesUsedByCustomer: 1 }))).toMatchObject({
      code: 'DISCOUNT_CODE_LIMIT_REACHED',
    });
  });

  describe('products', () => {
    const completeOnly = defineCoupon({ ...base, productCodes: ['base-complete'] });
    const foodTests = defineCoupon({ ...base, productCodes: ['food-allergy', 'food-sensitivity'] });

    it('discounts only the lines it names', () => {
      const result = evaluateCoupon(completeOnly, context({ lines: linesOf('base-quiz', 'base-complete') }));
      expect(result).toEqual({ ok: true, discountCents: 8980, lineDiscountCents: [0, 8980] });
    });

    it('names what it applies to when the cart has none of it', () => {
      expect(evaluateCoupon(completeOnly, context())).toEqual({
        ok: false,
        code: 'DISCOUNT_CODE_NOT_APPLICABLE',
        message: 'This discount code applies only to Complete bundle. Add it to your cart to use the code.',
      });
      expect(evaluateCoupon(foodTests, context())).toMatchObject({
        message:
          'This discount code applies only to Food allergy test or Food sensitivity test. Add one of them to your cart to use the code.',
      });
    });

    it('never reaches the program billed when results arrive', () => {
      const result = evaluateCoupon(
        defineCoupon({ ...base, value: 100 }),
        context({ lines: linesOf('base-quiz', 'base-improvement-plan') }),
      );
      expect(result).toEqual({ ok: true, discountCents: 7995, lineDiscountCents: [7995, 0] });
    });

    it('has nothing to apply to in a cart holding only a deferred charge', () => {
      expect(evaluateCoupon(coupon, context({ lines: linesOf('base-improvement-plan') }))).toEqual({
        ok: false,
        code: 'DISCOUNT_CODE_NOT_APPLICABLE',
        message: promotionMessages.notApplicable,
      });
    });
  });

  describe('minimum subtotal', () => {
    const minimum = defineCoupon({ ...base, minimumSubtotalCents: 10_000 });

    it('says how much more to add', () => {
      expect(evaluateCoupon(minimum, context())).toEqual({
        ok: false,
        code: 'DISCOUNT_CODE_MINIMUM_SUBTOTAL',
        message: 'This discount code needs a subtotal of at least $100.00. Add $20.05 more to use it.',
      });
    });

    it('is met exactly at the minimum', () => {
      const cart = linesOf('base-quiz', { productCode: 'fast-track', quantity: 1 });
      const exact = defineCoupon({ ...base, minimumSubtotalCents: 7995 + 4995 });
      expect(evaluateCoupon(exact, context({ lines: cart })).ok).toBe(true);
      const above = defineCoupon({ ...base, minimumSubtotalCents: 7995 + 4995 + 1 });
      expect(evaluateCoupon(above, context({ lines: cart })).ok).toBe(false);
    });

    it('counts what is paid now, not the program billed later', () => {
      expect(evaluateCoupon(minimum, context({ lines: linesOf('base-quiz', 'base-improvement-plan') })).ok).toBe(false);
    });
  });

  describe('amounts', () => {
    it('takes a whole starter test at 100%', () => {
      expect(evaluateCoupon(defineCoupon({ ...base, value: 100 }), context())).toMatchObject({ ok: true, discountCents: 7995 });
    });

    it('takes no more than the cart is worth with a fixed amount larger than the subtotal', () => {
      const big = defineCoupon({ ...base, kind: 'fixed', value: 50_000 });
      expect(evaluateCoupon(big, context({ lines: linesOf('base-quiz', 'fast-track') }))).toEqual({
        ok: true,
        discountCents: 12_990,
        lineDiscountCents: [7995, 4995],
      });
    });

    it('spreads a fixed amount over the lines so the cents add up', () => {
      const tenOff = defineCoupon({ ...base, kind: 'fixed', value: 1000 });
      const result = evaluateCoupon(tenOff, context({ lines: linesOf('base-quiz', 'food-allergy', 'food-sensitivity') }));
      expect(result).toEqual({ ok: true, discountCents: 1000, lineDiscountCents: [182, 399, 419] });
    });

    it('rounds a percent per line', () => {
      const fifteen = defineCoupon({ ...base, value: 15 });
      const result = evaluateCoupon(fifteen, context({ lines: linesOf('fast-track', 'nutritional-plan') }));
      // 749.25 + 749.25: each line rounds to 749
      expect(result).toEqual({ ok: true, discountCents: 1498, lineDiscountCents: [749, 749] });
    });
  });
});

describe('labels', () => {
  it.each<[CouponInput, string]>([
    [base, 'SAVE20: 20% off'],
    [{ ...base, code: 'welcome10', kind: 'fixed', value: 1000 }, 'WELCOME10: $10.00 off'],
    [{ ...base, code: 'spring', giveaway: true, value: 15 }, 'Giveaway SPRING: 15% off'],
  ])('%o reads %s', (input, label) => {
    expect(couponLabel(defineCoupon(input))).toBe(label);
  });
});
