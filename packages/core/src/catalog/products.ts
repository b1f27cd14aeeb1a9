import type { Cents } from '../money/money.ts';

/** The product types of the specification (§3), and 'addon' for the standalone tests and services. */
export const productTypes = [
  'base-quiz',
  'base-quiz-results',
  'base-improvement-plan',
  'base-improvement-plan-pay-upfront',
  'base-monitor',
  'base-complete',
  'base-complete-results',
  'base-complete-improvement-plan',
  'base-complete-improvement-plan-pay-upfront',
  'gift',
  'addon',
] as const;
export type ProductType = (typeof productTypes)[number];

export const productCodes = [
  'base-quiz',
  'base-improvement-plan',
  'base-improvement-plan-pay-upfront',
  'improvement-program-later',
  'improvement-program-after-results',
  'base-complete',
  'base-complete-improvement-plan',
  'base-complete-improvement-plan-pay-upfront',
  'base-monitor',
  'fast-track',
  'food-allergy',
  'food-sensitivity',
  'nutritional-plan',
  'health-coach',
  'base-daily',
  'gift-one-off',
  'gift-improvement-program',
] as const;
export type ProductCode = (typeof productCodes)[number];

/** 'now' at checkout; 'on_results' off-session when the starter test's results arrive; 'recurring' on a schedule */
export type ProductCharge = 'now' | 'on_results' | 'recurring';
export type BillingInterval = 'month' | 'quarter';
export type GiftType = 'one_off' | 'improvement_program';

export interface Product {
  code: ProductCode;
  type: ProductType;
  title: string;
  description: string;
  priceCents: Cents;
  /** the struck-through price */
  compareAtCents?: Cents;
  charge: ProductCharge;
  /** a recurring product's fixed interval */
  interval?: BillingInterval;
  /** a recurring product whose interval the customer picks: one of these */
  intervals?: readonly BillingInterval[];
  /** a product sold as one line that stands for these, at the sum of their prices */
  includes?: readonly ProductCode[];
  giftType?: GiftType;
}

/** Base Daily members get this much off tests (specification §1). */
export const BASE_DAILY_TEST_DISCOUNT_PERCENT = 5;

// Prices the specification shows are fixed (DESIGN.md §3). The ones it leaves open are decisions:
// - the program with the Complete bundle costs what it costs with a starter test ($140.05), so
//   Complete + program is $449.00 + $140.05 = $589.05, and paid upfront the same $589.05;
// - a test subscription delivery is $69.95, monthly or quarterly: $10 under a one-off starter test;
// - fast-track adds a second test to the starter test for $49.95.
const catalog: Record<ProductCode, Omit<Product, 'code'>> = {
  'base-quiz': {
    type: 'base-quiz',
    title: 'Starter test',
    description: 'The test the quiz recommends for your goal, at home or at a partner lab, with your results explained.',
    priceCents: 7995,
    charge: 'now',
  },
  'base-improvement-plan': {
    type: 'base-improvement-plan',
    title: 'Improvement Program',
    description:
      '2 months of nutrition and lifestyle plan, 2 lab retests, health coaching and shopping lists. Billed only when your starter test results arrive.',
    priceCents: 14005,
    charge: 'on_results',
  },
  'base-improvement-plan-pay-upfront': {
    type: 'base-improvement-plan-pay-upfront',
    title: 'Starter test + Improvement Program',
    description: 'Your starter test and the 2-month Improvement Program, paid today.',
    priceCents: 22000,
    charge: 'now',
    includes: ['base-quiz', 'base-improvement-plan'],
  },
  'improvement-program-later': {
    type: 'base-improvement-plan',
    title: 'Improvement Program',
    description: 'The 2-month Improvement Program for a starter test you already have, for example a gift.',
    priceCents: 18000,
    charge: 'now',
  },
  // the program's own price with a starter test (§3: $220 = $79.95 + $140.05), for a starter test
  // bought without it: its results are in, so it is charged at purchase instead of on results
  'improvement-program-after-results': {
    type: 'base-improvement-plan',
    title: 'Improvement Program',
    description: 'The 2-month Improvement Program built on the starter test results you already have. Charged today.',
    priceCents: 14005,
    charge: 'now',
  },
  'base-complete': {
    type: 'base-complete',
    title: 'Complete bundle',
    description: 'All 8 tests in 3 kits: every area at once, for the fullest picture.',
    priceCents: 44900,
    compareAtCents: 75000,
    charge: 'now',
  },
  'base-complete-improvement-plan': {
    type: 'base-complete-improvement-plan',
    title: 'Improvement Program with the Complete bundle',
    description: 'The 2-month Improvement Program built on all 8 results. Billed only when your results arrive.',
    priceCents: 14005,
    charge: 'on_results',
  },
  'base-complete-improvement-plan-pay-upfront': {
    type: 'base-complete-improvement-plan-pay-upfront',
    title: 'Complete bundle + Improvement Program',
    description: 'All 8 tests and the 2-month Improvement Program, paid today.',
    priceCents: 58905,
    charge: 'now',
    includes: ['base-complete', 'base-complete-improvement-plan'],
  },
  'base-monitor': {
    type: 'base-monitor',
    title: 'Test subscription',
    description: 'Your test, delivered and charged every month or every quarter, to follow your progress.',
    priceCents: 6995,
    charge: 'recurring',
    intervals: ['month', 'quarter'],
  },
  'fast-track': {
    type: 'addon',
    title: 'Fast-track: expanded starter test',
    description: 'Add a second test to your starter test for a better chance of finding what is going on.',
    priceCents: 4995,
    charge: 'now',
  },
  'food-allergy': {
    type: 'addon',
    title: 'Food allergy test',
    description: 'IgE antibodies to 44 common allergens, from a finger-prick.',
    priceCents: 17500,
    charge: 'now',
  },
  'food-sensitivity': {
    type: 'addon',
    title: 'Food sensitivity test',
    description: 'IgG reactions to 96 foods, graded class 0 to 3, to guide an elimination diet.',
    priceCents: 18400,
    charge: 'now',
  },
  'nutritional-plan': {
    type: 'addon',
    title: 'Nutritional plan from your labs',
    description: 'Upload lab results you already have; a nutritionist reviews them within 48 hours and sends your plan.',
    priceCents: 4995,
    charge: 'now',
  },
  'health-coach': {
    type: 'addon',
    title: 'Health coach consultation',
    description: 'A one-to-one session with a health coach about your results and your goal.',
    priceCents: 2995,
    charge: 'now',
  },
  'base-daily': {
    type: 'addon',
    title: 'Base Daily',
    description:
      'Daily meal plans, a food logger, the products marketplace and 5% off tests. Charged monthly until you cancel, any time, in your account.',
    priceCents: 995,
    charge: 'recurring',
    interval: 'month',
  },
  'gift-one-off': {
    type: 'gift',
    title: 'Gift: starter test',
    description: 'A starter test of their choice, with results explained.',
    priceCents: 7995,
    charge: 'now',
    includes: ['base-quiz'],
    giftType: 'one_off',
  },
  'gift-improvement-program': {
    type: 'gift',
    title: 'Gift: starter test + Improvement Program',
    description: 'A starter test and the 2-month Improvement Program that follows it.',
    priceCents: 22000,
    charge: 'now',
    includes: ['base-quiz', 'base-improvement-plan'],
    giftType: 'improvement_program',
  },
};

export const products: readonly Product[] = productCodes.map((code) => ({ code, ...catalog[code] }));

const productsByCode = new Map<string, Product>(products.map((product) => [product.code, product]));

export function isProductCode(value: string): value is ProductCode {
  return productsByCode.has(value);
}

/** Throws on an unknown code: check a code from outside with isProductCode first. */
export function getProduct(code: ProductCode): Product {
  const product = productsByCode.get(code);
  if (!product) throw new RangeError(`Unknown product ${code}`);
  return product;
}

export const giftProductCodes: Record<GiftType, ProductCode> = {
  one_off: 'gift-one-off',
  improvement_program: 'gift-improvement-program',
};

/** Delivery frequency of a test subscription (specification §3), as a billing interval. */
export const deliveryFrequencyIntervals = { monthly: 'month', quarterly: 'quarter' } as const satisfies Record<string, BillingInterval>;
export type DeliveryFrequency = keyof typeof deliveryFrequencyIntervals;

/** The delivery frequency of a billing interval: a month is monthly, a quarter quarterly. */
export function frequencyOfInterval(interval: BillingInterval): DeliveryFrequency {
  return interval === 'quarter' ? 'quarterly' : 'monthly';
}
