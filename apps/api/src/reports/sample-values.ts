import type { Biomarker, BiomarkerSlug } from '@shop/core';

export type Flag = 'Normal' | 'Low' | 'High';

/** Bounds are inclusive; a one-sided range leaves the other bound out. */
export interface ReferenceRange {
  low?: number;
  high?: number;
}

export interface SampleValue {
  value: number;
  unit: string;
  range: ReferenceRange;
  /** the flag the example is meant to show; a unit test checks it matches value and range */
  flag: Flag;
  /** decimals shown for the value and the range */
  decimals: number;
  /** which sample or phase the value belongs to, where that changes the range */
  note?: string;
}

/**
 * Example results for the sample report, in the units and ranges a US lab prints (serum for the
 * finger-prick tests, saliva for the hormone kits). They are illustrations, picked so each test
 * shows at least one flag, and they are never a real customer's numbers.
 */
export const sampleValues: Partial<Record<BiomarkerSlug, SampleValue>> = {
  'total-cholesterol': { value: 212, unit: 'mg/dL', range: { high: 200 }, flag: 'High', decimals: 0 },
  ldl: { value: 131, unit: 'mg/dL', range: { high: 100 }, flag: 'High', decimals: 0 },
  hdl: { value: 52, unit: 'mg/dL', range: { low: 40 }, flag: 'Normal', decimals: 0 },
  triglycerides: { value: 118, unit: 'mg/dL', range: { high: 150 }, flag: 'Normal', decimals: 0 },
  'hs-crp': { value: 1.2, unit: 'mg/L', range: { high: 3 }, flag: 'Normal', decimals: 1 },
  hba1c: { value: 5.8, unit: '%', range: { low: 4, high: 5.6 }, flag: 'High', decimals: 1 },
  'vitamin-d': { value: 24, unit: 'ng/mL', range: { low: 30, high: 100 }, flag: 'Low', decimals: 0 },
  folate: { value: 11.2, unit: 'ng/mL', range: { low: 5.4 }, flag: 'Normal', decimals: 1 },
  magnesium: { value: 2.1, unit: 'mg/dL', range: { low: 1.7, high: 2.3 }, flag: 'Normal', decimals: 1 },
  cortisol: { value: 1.4, unit: 'ng/mL', range: { low: 0.4, high: 1 }, flag: 'High', decimals: 1, note: 'bedtime sample' },
  melatonin: { value: 2.1, unit: 'pg/mL', range: { low: 4, high: 25 }, flag: 'Low', decimals: 1, note: 'bedtime sample' },
  ferritin: { value: 12, unit: 'ng/mL', range: { low: 15, high: 150 }, flag: 'Low', decimals: 0 },
  iron: { value: 72, unit: 'µg/dL', range: { low: 50, high: 170 }, flag: 'Normal', decimals: 0 },
  'vitamin-b12': { value: 412, unit: 'pg/mL', range: { low: 200, high: 900 }, flag: 'Normal', decimals: 0 },
  tsh: { value: 5.8, unit: 'mIU/L', range: { low: 0.4, high: 4.5 }, flag: 'High', decimals: 1 },
  'free-t4': { value: 1.0, unit: 'ng/dL', range: { low: 0.8, high: 1.8 }, flag: 'Normal', decimals: 1 },
  'free-t3': { value: 2.9, unit: 'pg/mL', range: { low: 2.3, high: 4.2 }, flag: 'Normal', decimals: 1 },
  testosterone: { value: 12, unit: 'pg/mL', range: { low: 16, high: 55 }, flag: 'Low', decimals: 0, note: 'woman, morning' },
  dhea: { value: 180, unit: 'pg/mL', range: { low: 100, high: 450 }, flag: 'Normal', decimals: 0, note: 'woman, morning' },
  estradiol: { value: 2.1, unit: 'pg/mL', range: { low: 1.3, high: 3.3 }, flag: 'Normal', decimals: 1, note: 'luteal phase' },
  progesterone: { value: 142, unit: 'pg/mL', range: { low: 75, high: 270 }, flag: 'Normal', decimals: 0, note: 'luteal phase' },
};

/** One line of the sample report's table, ready to print. */
export interface SampleRow {
  name: string;
  note?: string;
  result: string;
  range: string;
  flag: Flag | null;
}

export function flagFor(value: number, range: ReferenceRange): Flag {
  if (range.low !== undefined && value < range.low) return 'Low';
  if (range.high !== undefined && value > range.high) return 'High';
  return 'Normal';
}

export function sampleRow(biomarker: Biomarker): SampleRow {
  const sample = Object.hasOwn(sampleValues, biomarker.slug) ? sampleValues[biomarker.slug as BiomarkerSlug] : undefined;
  // a biomarker added to the catalog before it gets an example still prints, without made-up numbers
  if (!sample) return { name: biomarker.title, result: 'Shown on your report', range: 'Set by the lab', flag: null };
  const number = (value: number) => value.toFixed(sample.decimals);
  return {
    name: biomarker.title,
    note: sample.note,
    result: `${number(sample.value)} ${sample.unit}`,
    range: formatRange(sample.range, number),
    flag: sample.flag,
  };
}

function formatRange({ low, high }: ReferenceRange, number: (value: number) => string): string {
  if (low !== undefined && high !== undefined) return `${number(low)} – ${number(high)}`;
  if (high !== undefined) return `< ${number(high)}`;
  if (low !== undefined) return `> ${number(low)}`;
  return 'Set by the lab';
}
