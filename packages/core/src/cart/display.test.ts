import { describe, expect, it } from 'vitest';
import type { ProductCode } from '../catalog/index.ts';
import { describeCart, nextDelivery } from './display.ts';
import type { CartLine } from './rules.ts';

const line = (productCode: ProductCode, extra: Partial<CartLine> = {}): CartLine => ({
  id: productCode,
  productCode,
  testId: null,
  origin: null,
  quantity: 1,
  frequency: null,
  quizResultId: null,
  ...extra,
});
const now = new Date('2026-01-31T15:00:00Z');

describe('the cart display values', () => {
  it('names the starter test, its area and the quiz goal', () => {
    const cart = [
      line('food-allergy'),
      line('base-quiz', { testId: 68, origin: 'addon' }),
      line('base-quiz', { testId: 53, origin: 'quiz' }),
    ];
    expect(describeCart(cart, 'Anxiety & Depression', now)).toEqual({
      firstTest: 'Cortisol Test',
      baseCompleteTests: 0,
      area: 'Stress',
      goal: 'Anxiety & Depression',
      date: null,
      dateIso: null,
      membershipTerms: null,
    });
  });

  it('counts the Complete bundle’s tests and drops a goal without a quiz starter test', () => {
    expect(describeCart([line('base-complete')], 'Fatigue', now)).toMatchObject({
      baseCompleteTests: 8,
      firstTest: null,
      goal: null,
      area: null,
    });
  });

  it('dates a subscription’s next delivery', () => {
    const cart = [line('base-monitor', { testId: 54, frequency: 'quarterly' })];
    expect(describeCart(cart, null, now)).toMatchObject({
      firstTest: 'Melatonin Test',
      area: 'Sleep',
      date: 'April 30, 2026',
      dateIso: '2026-04-30',
    });
  });

  it('states a membership’s terms from the day it is bought', () => {
    expect(describeCart([line('base-daily', { frequency: 'monthly' })], null, now).membershipTerms).toMatch(
      /^Base Daily is \$9\.95 today and then \$9\.95 every month on the 31st of each month \(or its last day, in a shorter month\) \(next on February 28, 2026\)/,
    );
  });

  it('is empty for an empty cart', () => {
    expect(describeCart([], null, now)).toEqual({
      firstTest: null,
      baseCompleteTests: 0,
      area: null,
      goal: null,
      date: null,
      dateIso: null,
      membershipTerms: null,
    });
  });
});

describe('the next delivery', () => {
  it.each([
    ['2026-01-31', 'monthly', '2026-02-28'],
    ['2028-01-31', 'monthly', '2028-02-29'],
    ['2026-03-15', 'monthly', '2026-04-15'],
    ['2026-11-30', 'quarterly', '2027-02-28'],
    ['2026-12-05', 'monthly', '2027-01-05'],
  ] as const)('after %s, %s, is %s', (from, frequency, expected) => {
    expect(
      nextDelivery(new Date(`${from}T10:00:00Z`), frequency)
        .toISOString()
        .slice(0, 10),
    ).toBe(expected);
  });
});
