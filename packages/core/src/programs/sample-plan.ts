import { buildPlan } from './plan.ts';
import type { ImprovementPlan } from './plan-types.ts';
import { resultOf, resultOutside } from './test-results.ts';

/**
 * The sample nutritional plan the home page's form e-mails ("See a sample nutritional plan"):
 * built by the members' own plan code from made-up results of someone tired all the time, so the
 * sample reads exactly as a member's plan does. The values belong to no one.
 */
export function samplePlan(): ImprovementPlan {
  return buildPlan({
    results: [resultOutside('ferritin', 'low'), resultOutside('vitamin-d', 'low'), resultOf('vitamin-b12', 450), resultOf('tsh', 2)],
    goal: 'fatigue',
  });
}
