import { describe, expect, it } from 'vitest';
import { defineCoupon } from '../promotions/coupons.ts';
import type { DiscountContext } from '../promotions/apply.ts';
import { priceCart, type CartLineInput } from './pricing.ts';

const items: CartLineInput[] = [
  { productCode: 'base-quiz', testId: null, quantity: 1 },
  { productCode: 'base-improvement-plan', quantity: 1 },
  { productCode: 'fast-track', quantity: 1 },
];
const context: DiscountContext = {
  now: new Date('2026-11-22T12:00:00Z'),
  customer: { customerId: 'u1', email: 'jane@x.com', paidOrderCount: 0 },
};

describe('priceCart', () => {
  it('prices from the catalog, with the program billed on results kept apart', () => {
    const totals = priceCart(items);
    expect(totals).toMatchObject({
      subtotalCents: 12_990,
      discountCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 12_990,
      deferredCents: 14_005,
    });
    expect(totals).not.toHaveProperty('applied');
    expect(totals.lines[0]).not.toHaveProperty('discountCents');
  });

  it('takes the chosen discounts off what is paid now, in one call', () => {
    const coupon = defineCoupon({ code: 'SAVE20', kind: 'percent', value: 20, startsAt: new Date('2026-11-01T00:00:00Z') });
    const totals = priceCart(items, {
      discounts: {
        candidates: [{ source: 'coupon', origin: 'typed', coupon, timesUsedTotal: 0, timesUsedByCustomer: 0 }, { source: 'base_daily' }],
        context,
      },
    });
    // 20%: 1599 + 0 + 999; then 5% of what is left of the tests: 320 + 200
    expect(totals.lines.map((line) => line.discountCents)).toEqual([1919, 0, 1199]);
    expect(totals.discountCents).toBe(3118);
    expect(totals.totalCents).toBe(12_990 - 3118);
    expect(totals.deferredCents).toBe(14_005);
    expect(totals.applied?.map((applied) => applied.discountCents)).toEqual([2598, 520]);
    expect(totals.rejected).toEqual([]);
  });

  it('never charges below zero', () => {
    const coupon = defineCoupon({ code: 'ALL', kind: 'fixed', value: 1_000_000, startsAt: new Date('2026-11-01T00:00:00Z') });
    const totals = priceCart(items, {
      discounts: { candidates: [{ source: 'coupon', origin: 'typed', coupon, timesUsedTotal: 0, timesUsedByCustomer: 0 }], context },
    });
    expect(totals.totalCents).toBe(0);
    expect(totals.deferredCents).toBe(14_005);
  });

  it('refuses a quantity outside 1–10', () => {
    expect(() => priceCart([{ productCode: 'base-quiz', quantity: 11 }])).toThrow(RangeError);
  });
});
