import { describe, expect, it } from 'vitest';
import { productCodes, type ProductCode } from '../catalog/index.ts';
import { baseDailyDiscounts, testPortionCents } from './base-daily.ts';
import { linesOf } from '../cart/test-carts.ts';

describe('what counts as a test for the Base Daily 5%', () => {
  const expected: Record<ProductCode, number> = {
    'base-quiz': 7995,
    'fast-track': 4995,
    'base-complete': 44900,
    'food-allergy': 17500,
    'food-sensitivity': 18400,
    // paid together with the program: only the test part counts
    'base-improvement-plan-pay-upfront': 7995,
    'base-complete-improvement-plan-pay-upfront': 44900,
    'base-improvement-plan': 0,
    'base-complete-improvement-plan': 0,
    'improvement-program-later': 0,
    'improvement-program-after-results': 0,
    'base-monitor': 0,
    'nutritional-plan': 0,
    'health-coach': 0,
    'base-daily': 0,
    'gift-one-off': 0,
    'gift-improvement-program': 0,
  };

  it('covers every product of the catalog', () => {
    expect(Object.keys(expected).sort()).toEqual([...productCodes].sort());
  });

  it.each(productCodes.map((code) => [code, expected[code]] as const))('%s: %i cents', (code, cents) => {
    expect(testPortionCents(linesOf(code)[0]!)).toBe(cents);
  });

  it('counts every unit of a line', () => {
    expect(testPortionCents(linesOf({ productCode: 'base-improvement-plan-pay-upfront', quantity: 2 })[0]!)).toBe(15_990);
  });
});

describe('baseDailyDiscounts', () => {
  it('takes 5% off each test line, rounded half-up per line', () => {
    // 399.75 -> 400; 2245; 875; 920; 249.75 -> 250
    const lines = linesOf('base-quiz', 'base-complete', 'food-allergy', 'food-sensitivity', 'fast-track');
    expect(baseDailyDiscounts(lines, [0, 0, 0, 0, 0])).toEqual([400, 2245, 875, 920, 250]);
  });

  it('takes 5% of the test part of a line paid with its program', () => {
    expect(baseDailyDiscounts(linesOf('base-improvement-plan-pay-upfront'), [0])).toEqual([400]);
  });

  it('works on what a code left of the line', () => {
    // 20% off first leaves 6396 of the starter test: 5% is 319.8 -> 320
    expect(baseDailyDiscounts(linesOf('base-quiz'), [1599])).toEqual([320]);
    // upfront line 22000, 4400 off leaves 17600, of which the test's share is 7995 * 0.8 = 6396 -> 320
    expect(baseDailyDiscounts(linesOf('base-improvement-plan-pay-upfront'), [4400])).toEqual([320]);
  });

  it('takes nothing from a line a code took whole', () => {
    expect(baseDailyDiscounts(linesOf('base-quiz'), [7995])).toEqual([0]);
  });

  it('leaves the program, the plan and subscriptions alone', () => {
    const lines = linesOf('base-improvement-plan', 'nutritional-plan', 'base-monitor', 'base-daily', 'gift-one-off');
    expect(baseDailyDiscounts(lines, [0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0]);
  });
});
