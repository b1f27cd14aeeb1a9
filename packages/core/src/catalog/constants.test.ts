import { describe, expect, it } from 'vitest';
import {
  BUSINESS_STATS,
  EXPANDED_BUNDLE_HIGHER_CHANCE_PERCENT,
  FAST_TRACK_BETTER_CHANCE_PERCENT,
  FOOD_ALLERGY_ALLERGEN_COUNT,
  FOOD_SENSITIVITY_CLASSES,
  FOOD_SENSITIVITY_FOOD_COUNT,
  formatRange,
  GIFT_KIT_DELIVERY_BUSINESS_DAYS,
  GIVEAWAY_DISCOUNT_PERCENT,
  KIT_DELIVERY_BUSINESS_DAYS,
  LAB_VISIT_MINUTES,
  NUTRITIONAL_PLAN_REVIEW_HOURS,
  PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS,
  PEOPLE_HELPED,
  PLAN_HORIZON_MONTHS,
  PROGRAM_LAB_RETESTS,
  PROGRAM_LENGTH_MONTHS,
  RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT,
  RESULTS_BUSINESS_DAYS_AT_HOME,
} from './constants.ts';

describe('business constants (specification §9)', () => {
  it.each([
    ['program length, months', PROGRAM_LENGTH_MONTHS, 2],
    ['program lab retests', PROGRAM_LAB_RETESTS, 2],
    ['plan horizon, months', PLAN_HORIZON_MONTHS, 3],
    ['results after the lab receives the sample, business days', RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT, 5],
    ['partner lab order processing, business days', PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS, 2],
    ['nutritional plan review, hours', NUTRITIONAL_PLAN_REVIEW_HOURS, 48],
    ['fast-track better chance, %', FAST_TRACK_BETTER_CHANCE_PERCENT, 74],
    ['expanded bundle higher chance, %', EXPANDED_BUNDLE_HIGHER_CHANCE_PERCENT, 70],
    ['people helped', PEOPLE_HELPED, 20_000],
    ['food allergy allergens', FOOD_ALLERGY_ALLERGEN_COUNT, 44],
    ['food sensitivity foods', FOOD_SENSITIVITY_FOOD_COUNT, 96],
  ])('%s is %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    ['results at home, business days', RESULTS_BUSINESS_DAYS_AT_HOME, { min: 5, max: 7 }, '5–7'],
    ['kit delivery, business days', KIT_DELIVERY_BUSINESS_DAYS, { min: 2, max: 5 }, '2–5'],
    ['gift kit delivery, business days', GIFT_KIT_DELIVERY_BUSINESS_DAYS, { min: 1, max: 2 }, '1–2'],
    ['lab visit, minutes', LAB_VISIT_MINUTES, { min: 15, max: 20 }, '15–20'],
    ['giveaway discount, %', GIVEAWAY_DISCOUNT_PERCENT, { min: 15, max: 25 }, '15–25'],
  ])('%s is %o', (_name, actual, expected, text) => {
    expect(actual).toEqual(expected);
    expect(formatRange(actual)).toBe(text);
  });

  it('states the business figures', () => {
    expect(BUSINESS_STATS).toEqual({ finishPercent: 70, improvementPercent: 76, rating: 4.7, roi: 2.3 });
  });

  it('grades food sensitivity in classes 0 to 3', () => {
    expect(FOOD_SENSITIVITY_CLASSES).toEqual([0, 1, 2, 3]);
  });

  it('writes a one-value range as one number', () => {
    expect(formatRange({ min: 3, max: 3 })).toBe('3');
  });
});
