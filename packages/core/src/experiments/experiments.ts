import type { QuizVariantSlug } from '../quiz/variants.ts';

/**
 * Experiment assignment, kept in the `exp` cookie (specification §3, §9): an experiment id, a
 * dot, then dash-separated variant indexes, one per slot of the experiment ("quiz.2" or
 * "home-hero.1-0"). It lives 7 days on path /.
 *
 * Bots, spiders, crawlers and synthetic monitors get no assignment (§4). Telling them apart needs
 * the User-Agent, so it is the web's job (the `isbot` package): a bot is served the control
 * variant and no cookie is set. Nothing here knows about requests.
 */
export const EXPERIMENT_COOKIE = 'exp';
export const EXPERIMENT_COOKIE_MAX_AGE = 604_800;
export const EXPERIMENT_COOKIE_PATH = '/';

export interface Experiment {
  id: string;
  /** how many variants each slot has: [3] is one slot with variants 0, 1 and 2 */
  arms: readonly number[];
}

export interface ExperimentAssignment {
  experimentId: string;
  variants: number[];
}

const EXPERIMENT_ID = /^[A-Za-z0-9_-]{1,40}$/;
// indexes are 0–99 without leading zeros; 20 slots is far more than any experiment needs and
// keeps a forged cookie from growing without bound
const COOKIE_VALUE = /^([A-Za-z0-9_-]{1,40})\.((?:0|[1-9]\d?)(?:-(?:0|[1-9]\d?)){0,19})$/;
const MAX_VARIANTS_PER_SLOT = 100;

/** The assignment in a cookie value, or undefined for anything malformed. */
export function parseExperimentCookie(value: string | undefined): ExperimentAssignment | undefined {
  const match = value === undefined ? null : COOKIE_VALUE.exec(value);
  const experimentId = match?.[1];
  const indexes = match?.[2];
  if (experimentId === undefined || indexes === undefined) return undefined;
  return { experimentId, variants: indexes.split('-').map(Number) };
}

export function formatExperimentCookie(assignment: ExperimentAssignment): string {
  const value = `${assignment.experimentId}.${assignment.variants.join('-')}`;
  if (parseExperimentCookie(value) === undefined || !assignment.variants.every(Number.isInteger)) {
    throw new RangeError(`Not a valid experiment assignment: ${JSON.stringify(assignment)}`);
  }
  return value;
}

function checkExperiment(experiment: Experiment): void {
  const armsValid =
    experiment.arms.length > 0 &&
    experiment.arms.length <= 20 &&
    experiment.arms.every((arms) => Number.isInteger(arms) && arms >= 1 && arms <= MAX_VARIANTS_PER_SLOT);
  if (!EXPERIMENT_ID.test(experiment.id) || !armsValid) {
    throw new RangeError(`Not a valid experiment: ${JSON.stringify(experiment)}`);
  }
}

/** A fresh assignment: one variant per slot, each equally likely. `random` is in [0, 1). */
export function assignVariants(experiment: Experiment, random: () => number): ExperimentAssignment {
  checkExperiment(experiment);
  return {
    experimentId: experiment.id,
    // the clamp keeps a random() that returns exactly 1 inside the last variant
    variants: experiment.arms.map((arms) => Math.min(arms - 1, Math.max(0, Math.floor(random() * arms)))),
  };
}

/** True when the assignment belongs to this experiment and fits its slots. */
export function fitsExperiment(assignment: ExperimentAssignment, experiment: Experiment): boolean {
  return (
    assignment.experimentId === experiment.id &&
    assignment.variants.length === experiment.arms.length &&
    assignment.variants.every((variant, slot) => variant < (experiment.arms[slot] ?? 0))
  );
}

/**
 * The visitor's assignment: the cookie's when it is valid for this experiment, otherwise a new
 * one (`fresh`: the caller sets the cookie).
 */
export function resolveAssignment(
  cookieValue: string | undefined,
  experiment: Experiment,
  random: () => number,
): { assignment: ExperimentAssignment; fresh: boolean } {
  const stored = parseExperimentCookie(cookieValue);
  if (stored && fitsExperiment(stored, experiment)) return { assignment: stored, fresh: false };
  return { assignment: assignVariants(experiment, random), fresh: true };
}

/** The quiz experiment: one slot choosing among the three consumer quizzes. */
export const quizExperimentVariants: readonly QuizVariantSlug[] = ['quiz', 'quiz-b', 'quiz-c'];
export const quizExperiment: Experiment = { id: 'quiz', arms: [quizExperimentVariants.length] };

/**
 * The quiz a visitor sees: the first index of their quiz-experiment assignment. No assignment
 * (a bot, a first request) or one for another experiment gets the control, `quiz`.
 */
export function quizVariantForExperiment(assignment: ExperimentAssignment | undefined): QuizVariantSlug {
  if (!assignment || assignment.experimentId !== quizExperiment.id) return 'quiz';
  return quizExperimentVariants[assignment.variants[0] ?? 0] ?? 'quiz';
}
