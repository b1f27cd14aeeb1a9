import { biomarkers } from '../catalog/biomarkers.ts';
import { testsInKit, type KitSlug } from '../catalog/kits.ts';
import { resultFlagFor, formatReferenceRange, resultFlagLabels, type ResultFlag } from './flag.ts';
import { referenceOf, type ReferenceRange } from './reference.ts';
import type { BiomarkerResult } from './schema.ts';

/** A result as the customer reads it: the numbers, the range, and where the value sits. */
export interface EvaluatedResult {
  biomarker: string;
  title: string;
  value: number;
  unit: string;
  range: ReferenceRange;
  flag: ResultFlag;
  /** the value, the range and the flag as text, formatted with the biomarker's decimals */
  display: { value: string; range: string; flag: string };
}

export function evaluateResult(result: BiomarkerResult): EvaluatedResult {
  const { decimals } = referenceOf(result.biomarker);
  const flag = resultFlagFor(result.value, result.range);
  return {
    biomarker: result.biomarker,
    title: biomarkers[result.biomarker].title,
    value: result.value,
    unit: result.unit,
    range: result.range,
    flag,
    display: {
      value: `${result.value.toFixed(decimals)} ${result.unit}`,
      range: `${formatReferenceRange(result.range, decimals)} ${result.unit}`,
      flag: resultFlagLabels[flag],
    },
  };
}

/** The biomarkers a kit measures: what a result set for that kit may contain. */
export function biomarkersOfKit(kit: KitSlug): Set<string> {
  return new Set(testsInKit(kit).flatMap((test) => test.biomarkers.map((biomarker) => biomarker.slug)));
}
