/** The business constants of the specification §9 (and §1), named once and used everywhere. */

/** An inclusive range, as the copy shows it ("2-5 business days"). */
export interface NumberRange {
  min: number;
  max: number;
}

// The Improvement Program
export const PROGRAM_LENGTH_MONTHS = 2;
export const PROGRAM_LAB_RETESTS = 2;
export const PLAN_HORIZON_MONTHS = 3;

// Turnaround
/** results are ready this many business days after the lab receives the sample */
export const RESULTS_BUSINESS_DAYS_AFTER_LAB_RECEIPT = 5;
/** the same, told from the at-home customer's side (the kit's return trip included) */
export const RESULTS_BUSINESS_DAYS_AT_HOME: NumberRange = { min: 5, max: 7 };
export const PARTNER_LAB_ORDER_PROCESSING_BUSINESS_DAYS = 2;
export const KIT_DELIVERY_BUSINESS_DAYS: NumberRange = { min: 2, max: 5 };
export const GIFT_KIT_DELIVERY_BUSINESS_DAYS: NumberRange = { min: 1, max: 2 };
export const LAB_VISIT_MINUTES: NumberRange = { min: 15, max: 20 };
export const NUTRITIONAL_PLAN_REVIEW_HOURS = 48;

// Standalone tests (specification §1)
export const FOOD_ALLERGY_ALLERGEN_COUNT = 44;
export const FOOD_SENSITIVITY_FOOD_COUNT = 96;
export const FOOD_SENSITIVITY_CLASSES: readonly number[] = [0, 1, 2, 3];

// The Complete bundle (specification §1)
export const COMPLETE_BUNDLE_TEST_COUNT = 8;
export const COMPLETE_BUNDLE_KIT_COUNT = 3;

// Claims, shown as the specification states them
export const FAST_TRACK_BETTER_CHANCE_PERCENT = 74;
export const EXPANDED_BUNDLE_HIGHER_CHANCE_PERCENT = 70;
export const PEOPLE_HELPED = 20_000;
export const BUSINESS_STATS = {
  finishPercent: 70,
  improvementPercent: 76,
  rating: 4.7,
  roi: 2.3,
} as const;

// Promotions
export const GIVEAWAY_DISCOUNT_PERCENT: NumberRange = { min: 15, max: 25 };

/** "2–5", the way the copy writes a range */
export function formatRange(range: NumberRange): string {
  return range.min === range.max ? String(range.min) : `${range.min}–${range.max}`;
}
