import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import type { ProductCode } from '../catalog/products.ts';
import { reasonFor } from './guidance/index.ts';

/**
 * The Improvement Program for a starter test bought without it, once its results are in: the quiz
 * results promise "You can add the program later". It costs what it costs with a starter test
 * ($140.05, DESIGN.md §3), charged when bought, since the results it follows are already there.
 */
export const PROGRAM_AFTER_RESULTS_CODE = 'improvement-program-after-results' satisfies ProductCode;

/** What a "starter test only" order holds: the starter test, and the fast-track that expands it. */
export const starterOnlyProductCodes: readonly ProductCode[] = ['base-quiz', 'fast-track'];

/** Every product that is or brings an Improvement Program of one's own (a program gift is someone else's). */
export const programProductCodes: readonly ProductCode[] = [
  'base-improvement-plan',
  'base-improvement-plan-pay-upfront',
  'base-complete-improvement-plan',
  'base-complete-improvement-plan-pay-upfront',
  'improvement-program-later',
  'improvement-program-after-results',
];

/** Whether an order holds the starter test and nothing beyond it: the program is what it could have had. */
export function isStarterOnly(productCodes: readonly string[]): boolean {
  return productCodes.includes('base-quiz') && productCodes.every((code) => (starterOnlyProductCodes as readonly string[]).includes(code));
}

export const programAfterResultsMessages = {
  heading: 'Add the Improvement Program',
  notOffered: 'The Improvement Program can be added here to a starter test bought without it, once its results are in.',
  alreadyAdded: 'Your Improvement Program is already added: you will find it in your account.',
  /** when every value is within its range */
  allInRange:
    'Your values are within their reference ranges. The program helps you keep them there: a plan for food and habits built on these results, a health coach session and two retests to follow them.',
  /** before the list of values outside their range */
  outOfRangeIntro: 'Here is what your results suggest, and what the program works on with you:',
  note: 'This explains your results in plain words; it is not a diagnosis. Your clinician reads your results as a whole.',
} as const;

/**
 * What the values suggest, in the plan's own reviewed words: one sentence per value outside its
 * range ("Your ferritin was below range: …"), in the catalog's order. Values within their range
 * say nothing on their own.
 */
export function programOfferSuggestions(flags: readonly { biomarker: string; flag: string }[]): string[] {
  const order = Object.keys(biomarkers);
  return flags
    .filter(
      (entry): entry is { biomarker: BiomarkerSlug; flag: 'low' | 'high' } =>
        Object.hasOwn(biomarkers, entry.biomarker) && (entry.flag === 'low' || entry.flag === 'high'),
    )
    .sort((a, b) => order.indexOf(a.biomarker) - order.indexOf(b.biomarker))
    .map((entry) => reasonFor(entry.biomarker, entry.flag));
}
