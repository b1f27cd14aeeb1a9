import { referenceOf } from '../results/reference.ts';
import type { EvaluatedResult } from '../results/evaluate.ts';
import type { ResultFlag } from '../results/flag.ts';
import type { ReferenceRange } from '../results/reference.ts';
import { biomarkers } from '../catalog/biomarkers.ts';

/** One measurement of a biomarker in the comparison: the starter test's, or a retest's. */
export interface ComparedMeasurement {
  value: number;
  unit: string;
  range: ReferenceRange;
  flag: ResultFlag;
  display: { value: string; range: string; flag: string };
}

export interface ResultChange {
  direction: 'up' | 'down' | 'same';
  /** the difference from the starter test's value, in its unit, always positive */
  by: number;
  /** "Up 0.4 ng/mL since your starter test" */
  display: string;
}

export interface ComparedRetest {
  sequence: number;
  measurement: ComparedMeasurement;
  /** null when the units differ (another lab's report): values in two units are not subtracted */
  change: ResultChange | null;
}

export interface BiomarkerComparison {
  biomarker: string;
  title: string;
  starter: ComparedMeasurement;
  retests: ComparedRetest[];
}

const measurementOf = (result: EvaluatedResult): ComparedMeasurement => ({
  value: result.value,
  unit: result.unit,
  range: result.range,
  flag: result.flag,
  display: result.display,
});

function decimalsOf(biomarker: string): number {
  return Object.hasOwn(biomarkers, biomarker) ? referenceOf(biomarker as keyof typeof biomarkers).decimals : 2;
}

/** The change of a value since the starter test, rounded as the biomarker is printed. */
export function changeSince(
  starter: { value: number; unit: string },
  later: { value: number; unit: string },
  biomarker: string,
): ResultChange | null {
  if (starter.unit !== later.unit) return null;
  const decimals = decimalsOf(biomarker);
  const factor = 10 ** decimals;
  const difference = Math.round((later.value - starter.value) * factor) / factor;
  const by = Math.abs(difference);
  if (by === 0) return { direction: 'same', by: 0, display: 'No change since your starter test' };
  const direction = difference > 0 ? 'up' : 'down';
  return { direction, by, display: `${direction === 'up' ? 'Up' : 'Down'} ${by.toFixed(decimals)} ${later.unit} since your starter test` };
}

/**
 * Each biomarker of the starter test beside its value in each retest, with the change since the
 * starter test. Only biomarkers the starter test measured are compared: the change is the point.
 * A biomarker measured by two kits of one order counts once, as the plan takes it.
 */
export function compareResults(
  starter: readonly EvaluatedResult[],
  retests: ReadonlyArray<{ sequence: number; results: readonly EvaluatedResult[] }>,
): BiomarkerComparison[] {
  const firstOf = (results: readonly EvaluatedResult[], biomarker: string) => results.find((result) => result.biomarker === biomarker);
  const seen = new Set<string>();
  const rows: BiomarkerComparison[] = [];
  for (const result of starter) {
    if (seen.has(result.biomarker)) continue;
    seen.add(result.biomarker);
    const compared: ComparedRetest[] = [];
    for (const retest of [...retests].sort((a, b) => a.sequence - b.sequence)) {
      const later = firstOf(retest.results, result.biomarker);
      if (later)
        compared.push({
          sequence: retest.sequence,
          measurement: measurementOf(later),
          change: changeSince(result, later, result.biomarker),
        });
    }
    rows.push({ biomarker: result.biomarker, title: result.title, starter: measurementOf(result), retests: compared });
  }
  return rows;
}
