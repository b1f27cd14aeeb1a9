import type { QuizVariantSlug } from '../quiz/variants.ts';

/**
 * The shop's experiments, defined here and nowhere else: which pages take part, the variants with
 * their share of visitors, what counts as success (the primary metric) and what must not get worse
 * (the guardrails), and when each runs. The console can turn a variant off, end an experiment or
 * make a variant the default without a deploy; those choices are stored, the definition is not.
 *
 * The first variant is always the control: what a bot, a visitor of an ended experiment or one
 * whose variant was turned off is shown.
 */
export const experimentMetrics = ['quiz_completed', 'added_to_cart', 'order_paid'] as const;
export type ExperimentMetric = (typeof experimentMetrics)[number];

export const experimentMetricLabels: Record<ExperimentMetric, string> = {
  quiz_completed: 'Quiz completed',
  added_to_cart: 'Added to cart',
  order_paid: 'Order paid',
};

export interface ExperimentVariant {
  /** stable: stored with every exposure and conversion */
  key: string;
  label: string;
  /** its share of visitors, relative to the other variants' weights */
  weight: number;
}

export interface ExperimentDefinition {
  id: string;
  name: string;
  /** the control first */
  variants: readonly ExperimentVariant[];
  /** the paths where the experiment decides what is rendered */
  pages: readonly string[];
  primaryMetric: ExperimentMetric;
  guardrails: readonly ExperimentMetric[];
  /** ISO dates: visitors are assigned from `start`, and no longer from `stop` */
  start: string;
  stop: string | null;
}

export const quizExperimentVariants: readonly QuizVariantSlug[] = ['quiz', 'quiz-b', 'quiz-c'];

export const experiments: readonly ExperimentDefinition[] = [
  {
    id: 'quiz',
    name: 'Which quiz leads to a purchase',
    variants: [
      { key: 'quiz', label: 'Quiz (control)', weight: 1 },
      { key: 'quiz-b', label: 'Quiz B', weight: 1 },
      { key: 'quiz-c', label: 'Quiz C', weight: 1 },
    ],
    pages: ['/quiz'],
    primaryMetric: 'quiz_completed',
    guardrails: ['order_paid'],
    start: '2026-01-01',
    stop: null,
  },
  {
    id: 'quiz-results',
    name: 'How the quiz results present the plan',
    variants: [
      { key: '/quiz-results', label: 'Results (control)', weight: 1 },
      { key: '/quiz-results-b', label: 'Results B', weight: 1 },
      { key: '/quiz-results-c', label: 'Results C', weight: 1 },
      { key: '/quiz-results-d', label: 'Results D', weight: 1 },
    ],
    pages: ['/quiz-results'],
    primaryMetric: 'added_to_cart',
    guardrails: ['order_paid'],
    start: '2026-01-01',
    stop: null,
  },
  {
    id: 'checkout',
    name: 'Which checkout gets paid',
    variants: [
      { key: '/checkout-payment', label: 'Checkout (control)', weight: 1 },
      { key: '/checkout-payment-b', label: 'Checkout B: review and pay', weight: 1 },
      { key: '/checkout-payment-c', label: 'Checkout C: secure checkout', weight: 1 },
    ],
    pages: ['/checkout-payment'],
    primaryMetric: 'order_paid',
    guardrails: [],
    start: '2026-01-01',
    stop: null,
  },
];

export type ExperimentId = 'quiz' | 'quiz-results' | 'checkout';

export function findExperiment(id: string): ExperimentDefinition | undefined {
  return experiments.find((experiment) => experiment.id === id);
}

/** What the console decided about a running experiment (stored, so no deploy is needed). */
export interface ExperimentControls {
  /** variants no visitor is shown any more: their visitors see the control and are not counted */
  disabledVariants: readonly string[];
  /** when it was ended: everyone sees `defaultVariant` (or the control), nobody is counted */
  endedAt: Date | null;
  /** the variant everyone sees once the experiment has ended, when it is not the control */
  defaultVariant: string | null;
}

export const noControls: ExperimentControls = { disabledVariants: [], endedAt: null, defaultVariant: null };

/** True while the experiment assigns and counts visitors. */
export function isRunning(experiment: ExperimentDefinition, controls: ExperimentControls, now: Date): boolean {
  if (controls.endedAt && controls.endedAt <= now) return false;
  if (now < new Date(experiment.start)) return false;
  return experiment.stop === null || now < new Date(experiment.stop);
}

/**
 * What a visitor is shown, and whether it counts: their assigned variant while the experiment runs
 * and the variant is on; otherwise the default (the control unless the console chose a winner),
 * not counted. A visitor without an assignment (a bot) gets the same.
 */
export function variantToShow(
  experiment: ExperimentDefinition,
  controls: ExperimentControls,
  assigned: string | undefined,
  now: Date,
): { variant: string; counted: boolean } {
  const control = experiment.variants[0]!.key;
  const fallback =
    controls.defaultVariant && experiment.variants.some((v) => v.key === controls.defaultVariant) ? controls.defaultVariant : control;
  if (!isRunning(experiment, controls, now)) return { variant: fallback, counted: false };
  if (assigned === undefined || controls.disabledVariants.includes(assigned)) return { variant: control, counted: false };
  if (!experiment.variants.some((v) => v.key === assigned)) return { variant: control, counted: false };
  return { variant: assigned, counted: true };
}
