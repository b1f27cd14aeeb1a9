import type { AreaSlug } from '../catalog/areas.ts';
import { getGoal, type Goal, type GoalSlug } from '../catalog/goals.ts';
import { getProduct } from '../catalog/products.ts';
import { getTest, type LabTest } from '../catalog/tests.ts';
import { formatMoney } from '../money/money.ts';
import { isAdult } from '../eligibility/eligibility.ts';
import { messages } from '../errors/api-error.ts';
import type { QuizAnswerSet } from './answers.ts';
import type { Symptom } from './questions.ts';
import { quizVariants, type QuizVariant, type QuizVariantSlug } from './variants.ts';

export type Recommendation =
  | {
      eligible: true;
      goal: Goal;
      starterTest: LabTest;
      /** personalised: "Your Fatigue starter plan", or for a gift "A Sleep starter test for them" */
      title: string;
      /** the areas to show: the goal's area first, then up to two related ones */
      areas: AreaSlug[];
    }
  | { eligible: false; reason: string };

// An area chosen without a goal leads to the area's headline goal.
const areaGoal: Readonly<Record<AreaSlug, GoalSlug>> = {
  diet: 'weight-management',
  stress: 'anxiety-depression',
  sleep: 'sleep',
  energy: 'fatigue',
  'sex-drive': 'womens-health',
};

// A symptom narrows an area to a more specific goal of the same area. The first rule that
// matches wins, so weight gain keeps a diet answer on Weight Management even with bloating.
// A goal chosen outright is never refined.
export const symptomRules: readonly { area: AreaSlug; symptom: Symptom; goal: GoalSlug }[] = [
  { area: 'diet', symptom: 'weight-gain', goal: 'weight-management' },
  { area: 'diet', symptom: 'bloating', goal: 'bloating' },
  { area: 'energy', symptom: 'brain-fog', goal: 'brain-fog' },
];

// The area each symptom points to, and for every area the two that most often go with it: they
// fill the "areas to show" after the ones the visitor's own answers point to.
const symptomArea: Readonly<Record<Exclude<Symptom, 'none'>, AreaSlug>> = {
  tiredness: 'energy',
  'poor-sleep': 'sleep',
  bloating: 'diet',
  'low-libido': 'sex-drive',
  'brain-fog': 'energy',
  anxiety: 'stress',
  'weight-gain': 'diet',
  'irregular-periods': 'sex-drive',
};
const relatedAreas: Readonly<Record<AreaSlug, readonly [AreaSlug, AreaSlug]>> = {
  diet: ['energy', 'stress'],
  stress: ['sleep', 'energy'],
  sleep: ['stress', 'energy'],
  energy: ['sleep', 'diet'],
  'sex-drive': ['stress', 'energy'],
};

/**
 * The starter test of an area chosen on its own (an area page, a gift of that area): the test of
 * the area's headline goal, as the quiz recommends it for the area without symptoms.
 */
export function starterTestForArea(area: AreaSlug): LabTest {
  return getTest(getGoal(areaGoal[area]).starterTestId);
}

/** The goal the answers lead to: a chosen goal wins; otherwise the area, refined by symptoms. */
export function goalForAnswers(answers: QuizAnswerSet): Goal {
  if (answers.goal !== undefined) return getGoal(answers.goal);
  const area = answers.area;
  if (area === undefined) throw new RangeError('The answers name neither a goal nor an area');
  const symptoms: readonly Symptom[] = answers.symptoms ?? [];
  const rule = symptomRules.find((candidate) => candidate.area === area && symptoms.includes(candidate.symptom));
  return getGoal(rule?.goal ?? areaGoal[area]);
}

/** The goal's area first, then the areas the answers point to, then its usual companions. */
export function areasToShow(goal: Goal, answers: QuizAnswerSet): AreaSlug[] {
  const pointedTo: AreaSlug[] = [];
  for (const symptom of answers.symptoms ?? []) if (symptom !== 'none') pointedTo.push(symptomArea[symptom]);
  if (answers.sleepHours === 'under-5' || answers.sleepHours === '5-6') pointedTo.push('sleep');
  return [...new Set([goal.area, ...pointedTo, ...relatedAreas[goal.area]])].slice(0, 3);
}

/**
 * answers -> goal -> starter test, by the goal mappings of the specification §3. A minor is
 * refused (§5). Gift quizzes ask no date of birth: the recipient's age is checked when the gift
 * is redeemed. `variant` defaults to `quiz`, whose answers the API stores today.
 */
export function recommend(answers: QuizAnswerSet, today: Date, variant: QuizVariant | QuizVariantSlug = 'quiz'): Recommendation {
  const { audience } = typeof variant === 'string' ? quizVariants[variant] : variant;
  const gift = audience === 'gift';
  if (!gift) {
    if (answers.dateOfBirth === undefined) throw new RangeError('A date of birth is needed to check the age');
    if (!isAdult(answers.dateOfBirth, today)) return { eligible: false, reason: messages.underage };
  }
  const goal = goalForAnswers(answers);
  return {
    eligible: true,
    goal,
    starterTest: getTest(goal.starterTestId),
    title: gift ? `A ${goal.name} starter test for them` : `Your ${goal.name} starter plan`,
    areas: areasToShow(goal, answers),
  };
}

/** What a results page shows of a starter test: the test, what it measures and its price. */
export function starterTestSummary(test: LabTest) {
  const starter = getProduct('base-quiz');
  return {
    id: test.id,
    title: test.title,
    overview: test.overview,
    type: test.type,
    biomarkers: test.biomarkers.map((biomarker) => biomarker.title),
    priceCents: starter.priceCents,
    price: formatMoney(starter.priceCents),
  };
}
