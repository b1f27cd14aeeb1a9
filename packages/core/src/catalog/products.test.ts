import { describe, expect, it } from 'vitest';
import {
  BASE_DAILY_TEST_DISCOUNT_PERCENT,
  deliveryFrequencyIntervals,
  getProduct,
  giftProductCodes,
  isProductCode,
  productCodes,
  products,
  productTypes,
  type ProductCode,
} from './products.ts';

describe('prices (integer cents, DESIGN.md §3)', () => {
  it.each<{ code: ProductCode; priceCents: number; charge: string; compareAtCents?: number }>([
    { code: 'base-quiz', priceCents: 7995, charge: 'now' },
    { code: 'base-improvement-plan', priceCents: 14005, charge: 'on_results' },
    { code: 'base-improvement-plan-pay-upfront', priceCents: 22000, charge: 'now' },
    { code: 'improvement-program-later', priceCents: 18000, charge: 'now' },
    { code: 'improvement-program-after-results', priceCents: 14005, charge: 'now' },
    { code: 'base-complete', priceCents: 44900, charge: 'now', compareAtCents: 75000 },
    // decisions: the program costs the same with the Complete bundle as with a starter test
    { code: 'base-complete-improvement-plan', priceCents: 14005, charge: 'on_results' },
    { code: 'base-complete-improvement-plan-pay-upfront', priceCents: 58905, charge: 'now' },
    // decisions: per delivery, and the fast-track upgrade
    { code: 'base-monitor', priceCents: 6995, charge: 'recurring' },
    { code: 'fast-track', priceCents: 4995, charge: 'now' },
    { code: 'food-allergy', priceCents: 17500, charge: 'now' },
    { code: 'food-sensitivity', priceCents: 18400, charge: 'now' },
    { code: 'nutritional-plan', priceCents: 4995, charge: 'now' },
    { code: 'health-coach', priceCents: 2995, charge: 'now' },
    { code: 'base-daily', priceCents: 995, charge: 'recurring' },
    { code: 'gift-one-off', priceCents: 7995, charge: 'now' },
    { code: 'gift-improvement-program', priceCents: 22000, charge: 'now' },
  ])('$code costs $priceCents, charged $charge', ({ code, priceCents, charge, compareAtCents }) => {
    const product = getProduct(code);
    expect(product).toMatchObject({ code, priceCents, charge });
    expect(product.compareAtCents).toBe(compareAtCents);
  });

  it('lists every product once, in productCodes order', () => {
    expect(products.map((product) => product.code)).toEqual([...productCodes]);
    expect(productCodes).toHaveLength(17);
  });

  it('keeps every amount in whole, positive cents', () => {
    for (const product of products) {
      expect(Number.isSafeInteger(product.priceCents), product.code).toBe(true);
      expect(product.priceCents, product.code).toBeGreaterThan(0);
      if (product.compareAtCents !== undefined) {
        expect(Number.isSafeInteger(product.compareAtCents), product.code).toBe(true);
        expect(product.compareAtCents, product.code).toBeGreaterThan(product.priceCents);
      }
    }
  });

  it('shows $220.00 for starter test + program, paid later or upfront', () => {
    const starterThenProgram = getProduct('base-quiz').priceCents + getProduct('base-improvement-plan').priceCents;
    expect(starterThenProgram).toBe(22000);
    expect(getProduct('base-improvement-plan-pay-upfront').priceCents).toBe(starterThenProgram);
  });

  it('prices a combined product at the sum of what it includes', () => {
    const combined = products.filter((product) => product.includes);
    expect(combined.map((product) => product.code)).toEqual([
      'base-improvement-plan-pay-upfront',
      'base-complete-improvement-plan-pay-upfront',
      'gift-one-off',
      'gift-improvement-program',
    ]);
    for (const product of combined) {
      const sum = (product.includes ?? []).reduce((total, code) => total + getProduct(code).priceCents, 0);
      expect(product.priceCents, product.code).toBe(sum);
    }
  });
});

describe('product fields', () => {
  it('gives every product a known type, a title and a description', () => {
    for (const product of products) {
      expect(productTypes, product.code).toContain(product.type);
      expect(product.title.length, product.code).toBeGreaterThan(0);
      expect(product.description.length, product.code).toBeGreaterThan(0);
    }
  });

  it('bills the program only when results arrive', () => {
    expect(products.filter((product) => product.charge === 'on_results').map((product) => product.code)).toEqual([
      'base-improvement-plan',
      'base-complete-improvement-plan',
    ]);
  });

  it('gives every recurring product an interval or a choice of them, and no one-off product any', () => {
    for (const product of products) {
      const hasSchedule = product.interval !== undefined || (product.intervals?.length ?? 0) > 0;
      expect(hasSchedule, product.code).toBe(product.charge === 'recurring');
    }
    expect(getProduct('base-daily').interval).toBe('month');
    expect(getProduct('base-monitor').intervals).toEqual(['month', 'quarter']);
    expect(deliveryFrequencyIntervals).toEqual({ monthly: 'month', quarterly: 'quarter' });
  });

  it('maps both gift types to a gift product', () => {
    expect(getProduct(giftProductCodes.one_off)).toMatchObject({ type: 'gift', giftType: 'one_off' });
    expect(getProduct(giftProductCodes.improvement_program)).toMatchObject({ type: 'gift', giftType: 'improvement_program' });
  });

  it('takes 5% off tests for Base Daily members', () => {
    expect(BASE_DAILY_TEST_DISCOUNT_PERCENT).toBe(5);
  });
});

describe('product lookups', () => {
  it.each([...productCodes])('isProductCode(%s)', (code) => {
    expect(isProductCode(code)).toBe(true);
  });

  it.each(['', 'nope', 'BASE-QUIZ', 'toString', '__proto__', 'addon', 'gift'])('isProductCode(%j) is false', (value) => {
    expect(isProductCode(value)).toBe(false);
  });

  it('getProduct throws on an unknown code', () => {
    expect(() => getProduct('nope' as ProductCode)).toThrow(RangeError);
  });
});
