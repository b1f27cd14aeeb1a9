import { describe, expect, it } from 'vitest';
import { getProduct } from '../catalog/products.ts';
import { buildPlan } from '../programs/plan.ts';
import { resultOf } from '../programs/test-results.ts';
import { applyDiscounts } from '../promotions/apply.ts';
import { MARKETPLACE_FOOD_LIMIT, marketplaceFor, memberPriceOf } from './marketplace.ts';

// low iron stores and low vitamin D; the thyroid is fine
const results = [resultOf('ferritin', 9), resultOf('tsh', 2.1), resultOf('vitamin-d', 18)];

describe('the Base Daily marketplace', () => {
  it('offers a test that measures again each result outside its range, once each, saying why', () => {
    const market = marketplaceFor({ plan: buildPlan({ results }), goal: null });
    expect(market.tests.map((test) => [test.productCode, test.title])).toEqual([
      ['base-quiz', 'Energy Vitamins Test'],
      ['base-quiz', 'Focus Test'],
    ]);
    const focus = market.tests.find((test) => test.title === 'Focus Test')!;
    expect(focus.why).toBe('Your ferritin was below range: this test measures it again, to see what your changes did.');
    expect(focus.testId).toBeGreaterThan(0);
  });

  it('adds the starter test of the goal and, for bloating, the food reaction tests', () => {
    const market = marketplaceFor({ plan: buildPlan({ results: [], goal: 'bloating' }), goal: 'bloating' });
    expect(market.tests.map((test) => test.productCode)).toEqual(['base-quiz', 'food-sensitivity', 'food-allergy']);
    expect(market.tests[0]!.why).toBe('The starter test for your goal: bloating.');
    expect(market.tests[1]).toMatchObject({ testId: null, title: 'Food sensitivity test', why: 'Looks for foods behind bloating.' });
  });

  it('prices each test as the cart does for a member: 5% off the tests, none off what is not a test', () => {
    for (const code of ['base-quiz', 'food-allergy', 'food-sensitivity'] as const) {
      const product = getProduct(code);
      const cart = applyDiscounts(
        { lines: [{ productCode: code, title: product.title, lineTotalCents: product.priceCents, charge: 'now' as const, quantity: 1 }] },
        [{ source: 'base_daily' }],
        { now: new Date('2026-12-07T12:00:00Z'), customer: { customerId: 'u1', email: 'member@example.com', paidOrderCount: 1 } },
      );
      expect(memberPriceOf(code)).toBe(product.priceCents - cart.discountCents);
      expect(memberPriceOf(code)).toBeLessThan(product.priceCents);
    }
    expect(memberPriceOf('base-quiz')).toBe(7595);
    expect(memberPriceOf('health-coach')).toBe(getProduct('health-coach').priceCents);
  });

  it('lists the foods the plan favours and the supplements to discuss, each with its first reason', () => {
    const market = marketplaceFor({ plan: buildPlan({ results, goal: 'fatigue' }), goal: 'fatigue' });
    expect(market.foods.length).toBeGreaterThan(0);
    expect(market.foods.length).toBeLessThanOrEqual(MARKETPLACE_FOOD_LIMIT);
    expect(market.foods[0]!.why).toMatch(/^Your (vitamin D|ferritin) was below range\.$/);
    expect(market.supplements.map((supplement) => supplement.id).sort()).toEqual(['iron', 'vitamin-d']);
    expect(market.supplements.find((supplement) => supplement.id === 'iron')!.why).toBe('Your ferritin was below range.');
  });

  it('with no result and no goal offers no test and the general foods', () => {
    const market = marketplaceFor({ plan: buildPlan({ results: [] }), goal: null });
    expect(market.tests).toEqual([]);
    expect(market.supplements).toEqual([]);
    expect(market.foods.every((food) => food.why === 'Part of balanced everyday eating.')).toBe(true);
  });
});
