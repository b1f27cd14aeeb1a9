import { formatMoney, getProduct, type ProductCode } from '@shop/core';

export type PlanId = 'program' | 'upfront' | 'starter';

export interface Plan {
  id: PlanId;
  title: string;
  description: string;
  products: ProductCode[];
  todayCents: number;
  laterCents: number;
}

const price = (code: ProductCode) => getProduct(code).priceCents;

/** The ways to buy a quiz's starter test, priced from the catalog. */
export const plans: Plan[] = [
  {
    id: 'program',
    title: 'Starter test + 2-month Improvement Program',
    description: 'Pay for the test today. The program is billed only when your results arrive.',
    products: ['base-quiz', 'base-improvement-plan'],
    todayCents: price('base-quiz'),
    laterCents: price('base-improvement-plan'),
  },
  {
    id: 'upfront',
    title: 'Starter test + program, paid upfront',
    description: 'One payment today for the test and the 2-month program.',
    products: ['base-improvement-plan-pay-upfront'],
    todayCents: price('base-improvement-plan-pay-upfront'),
    laterCents: 0,
  },
  {
    id: 'starter',
    title: 'Starter test only',
    description: 'Your results with an explanation. You can add the program later.',
    products: ['base-quiz'],
    todayCents: price('base-quiz'),
    laterCents: 0,
  },
];

export function billing(plan: Plan) {
  return {
    today: formatMoney(plan.todayCents),
    later: formatMoney(plan.laterCents),
    total: formatMoney(plan.todayCents + plan.laterCents),
  };
}

export type ResultsSection = 'test' | 'plans' | 'timeline' | 'upsell';

/** The results page variants: the same parts, in a different order and emphasis. */
export const resultsLayouts = {
  '/quiz-results': { sections: ['test', 'plans', 'timeline', 'upsell'], defaultPlan: 'program' },
  '/quiz-results-b': { sections: ['plans', 'test', 'timeline', 'upsell'], defaultPlan: 'program' },
  '/quiz-results-c': { sections: ['timeline', 'test', 'plans', 'upsell'], defaultPlan: 'upfront' },
  '/quiz-results-d': { sections: ['test', 'plans', 'upsell', 'timeline'], defaultPlan: 'starter' },
} satisfies Record<string, { sections: ResultsSection[]; defaultPlan: PlanId }>;

export type ResultsLayoutPath = keyof typeof resultsLayouts;
