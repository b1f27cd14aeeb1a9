import type { ExperimentDefinition } from './definitions.ts';

/**
 * Deterministic assignment: the same visitor id always lands in the same variant of an experiment,
 * on any device, with no table of who got what. The visitor id and the experiment id are hashed
 * together (32-bit FNV-1a), so one experiment's split says nothing about another's; the hash is
 * read as a number in [0, 1) and placed on the variants' weights laid end to end.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Where a visitor falls in [0, 1) for one experiment. */
export function bucketOf(experimentId: string, visitorId: string): number {
  // hashing the first hash again spreads ids that differ only in their last characters
  return fnv1a32(`${fnv1a32(`${experimentId}/${visitorId}`)}`) / 0x1_0000_0000;
}

/** The variant a visitor is assigned to (its key). */
export function assignVariant(experiment: ExperimentDefinition, visitorId: string): string {
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (!(total > 0) || experiment.variants.some((variant) => !(variant.weight >= 0))) {
    throw new RangeError(`The experiment ${experiment.id} needs positive weights`);
  }
  const point = bucketOf(experiment.id, visitorId) * total;
  let edge = 0;
  for (const variant of experiment.variants) {
    edge += variant.weight;
    if (point < edge) return variant.key;
  }
  return experiment.variants[experiment.variants.length - 1]!.key;
}
