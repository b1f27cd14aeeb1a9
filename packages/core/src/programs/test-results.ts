import type { BiomarkerSlug } from '../catalog/biomarkers.ts';
import { referenceOf } from '../results/reference.ts';
import type { BiomarkerResult } from '../results/schema.ts';
import type { OutOfRangeFlag } from './guidance/index.ts';

// Results for the programs' tests, read against the shop's default ranges as a result set is.

/** A result with the given value against the biomarker's default range. */
export function resultOf(biomarker: BiomarkerSlug, value: number): BiomarkerResult {
  const { unit, range } = referenceOf(biomarker);
  return { biomarker, value, unit, range };
}

/**
 * A result on the given side of its range. Where the default range has no bound on that side (an
 * LDL has no lower limit), it is read against a two-sided range, as some labs print.
 */
export function resultOutside(biomarker: BiomarkerSlug, flag: OutOfRangeFlag): BiomarkerResult {
  const { unit, range } = referenceOf(biomarker);
  const bound = range.low ?? range.high ?? 1;
  if (flag === 'low') {
    if (range.low !== undefined) return { biomarker, unit, range, value: range.low / 2 };
    return { biomarker, unit, range: { low: bound / 2, high: bound }, value: bound / 4 };
  }
  if (range.high !== undefined) return { biomarker, unit, range, value: range.high * 2 };
  return { biomarker, unit, range: { low: bound, high: bound * 2 }, value: bound * 4 };
}
