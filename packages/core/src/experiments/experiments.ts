import { experiments, type ExperimentDefinition } from './definitions.ts';

/**
 * Experiment assignment, kept in the `exp` cookie (specification §3, §9): an experiment id, a
 * dot, then dash-separated variant indexes, one per slot of the experiment ("quiz.2" or
 * "home-hero.1-0"). It lives 7 days on path /.
 *
 * The shop's experiments share the one cookie: its id is `shop` (EXPERIMENT_SET_ID) and it has one
 * slot per experiment of `experiments`, in their order, holding the index of the visitor's
 * variant ("shop.2-0-1": the third quiz, the control results, the second checkout). The cookie
 * tells the page's script what the visitor sees; the assignment itself comes from the visitor id
 * (assignment.ts), so a lost or forged cookie changes nothing that is counted.
 *
 * Bots, spiders, crawlers and synthetic monitors get no assignment and no cookie (§4): the API
 * tells them by their User-Agent and shows them the control.
 */
export const EXPERIMENT_COOKIE = 'exp';
export const EXPERIMENT_COOKIE_MAX_AGE = 604_800;
export const EXPERIMENT_COOKIE_PATH = '/';

export interface ExperimentAssignment {
  experimentId: string;
  variants: number[];
}

// indexes are 0–99 without leading zeros; 20 slots is far more than any experiment needs and
// keeps a forged cookie from growing without bound
const COOKIE_VALUE = /^([A-Za-z0-9_-]{1,40})\.((?:0|[1-9]\d?)(?:-(?:0|[1-9]\d?)){0,19})$/;

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

export const EXPERIMENT_SET_ID = 'shop';

/** The cookie value of a visitor's assignments (variant keys by experiment id). */
export function formatAssignments(
  assigned: Readonly<Record<string, string>>,
  definitions: readonly ExperimentDefinition[] = experiments,
): string {
  const variants = definitions.map((experiment) => {
    const index = experiment.variants.findIndex((variant) => variant.key === assigned[experiment.id]);
    if (index < 0) throw new RangeError(`No variant of ${experiment.id} is assigned`);
    return index;
  });
  return formatExperimentCookie({ experimentId: EXPERIMENT_SET_ID, variants });
}

/** The assignments a cookie value holds, or undefined when it is not one of the current set. */
export function readAssignments(
  value: string | undefined,
  definitions: readonly ExperimentDefinition[] = experiments,
): Record<string, string> | undefined {
  const parsed = parseExperimentCookie(value);
  if (!parsed || parsed.experimentId !== EXPERIMENT_SET_ID || parsed.variants.length !== definitions.length) return undefined;
  const assigned: Record<string, string> = {};
  for (const [slot, experiment] of definitions.entries()) {
    const variant = experiment.variants[parsed.variants[slot]!];
    if (!variant) return undefined;
    assigned[experiment.id] = variant.key;
  }
  return assigned;
}
