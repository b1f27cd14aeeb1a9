import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import type { EvaluatedResult } from './evaluate.ts';
import { explainResult, type RecordFlag } from './explanations.ts';
import { formatReferenceRange, type ResultFlag } from './flag.ts';
import { optimalBandOf } from './optimal.ts';
import { referenceOf, type ReferenceRange } from './reference.ts';

/** One kit's released results, or an outside report's entered values, as one entry of the member's lifetime record. */
export interface RecordedResultSet {
  /** the order of the results; null for results from another lab (decision 0087) */
  orderId: string | null;
  orderNumber: number | null;
  /** the other lab that measured them, for an outside result set; null or absent for the shop's own */
  outsideLab?: string | null;
  kitTitle: string;
  /** when the results were reported (ISO) */
  reportedAt: string;
  results: readonly EvaluatedResult[];
}

/** One value of a biomarker on the record, with what its flag means. */
export interface RecordedMeasurement {
  orderNumber: number | null;
  /** the other lab's name when the value is an outside result; null for a value from an order */
  outsideLab: string | null;
  reportedAt: string;
  value: number;
  range: ReferenceRange;
  flag: ResultFlag;
  recordFlag: RecordFlag;
  display: { value: string; range: string };
  /** what a low, high or critical value usually means; null within the range */
  explanation: string | null;
}

/** A biomarker over the member's life: its values, oldest first, and the bands it is read against. */
export interface BiomarkerTrend {
  biomarker: BiomarkerSlug;
  title: string;
  unit: string;
  /** the latest value's reference range, drawn behind the chart */
  range: ReferenceRange;
  optimal: { band: ReferenceRange; display: string; source: string } | null;
  measurements: RecordedMeasurement[];
}

const byDate = (a: { reportedAt: string }, b: { reportedAt: string }) => a.reportedAt.localeCompare(b.reportedAt);

function measurementOf(set: RecordedResultSet, result: EvaluatedResult): RecordedMeasurement {
  const explained = explainResult(result);
  return {
    orderNumber: set.orderNumber,
    outsideLab: set.outsideLab ?? null,
    reportedAt: set.reportedAt,
    value: result.value,
    range: result.range,
    flag: result.flag,
    recordFlag: explained?.flag ?? 'normal',
    display: { value: result.display.value, range: result.display.range },
    explanation: explained?.text ?? null,
  };
}

/**
 * The member's results, every order's, regrouped by biomarker: each biomarker's values in the
 * order they were reported, in the catalog's order of biomarkers.
 */
export function biomarkerTrends(sets: readonly RecordedResultSet[]): BiomarkerTrend[] {
  const values = new Map<BiomarkerSlug, RecordedMeasurement[]>();
  for (const set of [...sets].sort(byDate)) {
    for (const result of set.results) {
      const slug = result.biomarker as BiomarkerSlug;
      values.set(slug, [...(values.get(slug) ?? []), measurementOf(set, result)]);
    }
  }
  return (Object.keys(biomarkers) as BiomarkerSlug[]).flatMap((slug) => {
    const measurements = values.get(slug);
    const latest = measurements?.at(-1);
    if (!measurements || !latest) return [];
    const { unit, decimals } = referenceOf(slug);
    const optimal = optimalBandOf(slug);
    return [
      {
        biomarker: slug,
        title: biomarkers[slug].title,
        unit,
        range: latest.range,
        optimal: optimal
          ? { band: optimal.band, display: `${formatReferenceRange(optimal.band, decimals)} ${unit}`, source: optimal.source }
          : null,
        measurements,
      },
    ];
  });
}
