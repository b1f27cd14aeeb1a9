import type { BiomarkerSlug } from '../catalog/biomarkers.ts';

/** Bounds are inclusive; a one-sided range leaves the other bound out. */
export interface ReferenceRange {
  low?: number;
  high?: number;
}

export interface BiomarkerReference {
  /** the unit results are stored and shown in */
  unit: string;
  /** other units a lab may report in, with the factor that turns them into `unit` */
  alternateUnits?: Readonly<Record<string, number>>;
  /** the adult reference range in `unit`, used when the lab gives none */
  range: ReferenceRange;
  /** values outside these (in `unit`) are not a measurement but a typing or unit mistake */
  plausible: { min: number; max: number };
  /** decimals shown for the value and the range */
  decimals: number;
}

// Serum units and adult ranges as US labs print them for the finger-prick tests, saliva for the
// hormone kits. The plausible bounds are wide on purpose: they catch a value typed in the wrong
// unit or with a misplaced decimal point, never a real extreme result.
export const biomarkerReferences: Readonly<Record<BiomarkerSlug, BiomarkerReference>> = {
  'total-cholesterol': {
    unit: 'mg/dL',
    alternateUnits: { 'mmol/L': 38.67 },
    range: { high: 200 },
    plausible: { min: 40, max: 1000 },
    decimals: 0,
  },
  ldl: { unit: 'mg/dL', alternateUnits: { 'mmol/L': 38.67 }, range: { high: 100 }, plausible: { min: 5, max: 700 }, decimals: 0 },
  hdl: { unit: 'mg/dL', alternateUnits: { 'mmol/L': 38.67 }, range: { low: 40 }, plausible: { min: 5, max: 200 }, decimals: 0 },
  triglycerides: {
    unit: 'mg/dL',
    alternateUnits: { 'mmol/L': 88.57 },
    range: { high: 150 },
    plausible: { min: 10, max: 5000 },
    decimals: 0,
  },
  'hs-crp': { unit: 'mg/L', alternateUnits: { 'mg/dL': 10 }, range: { high: 3 }, plausible: { min: 0, max: 500 }, decimals: 1 },
  hba1c: { unit: '%', range: { low: 4, high: 5.6 }, plausible: { min: 2, max: 20 }, decimals: 1 },
  'vitamin-d': {
    unit: 'ng/mL',
    alternateUnits: { 'nmol/L': 0.4 },
    range: { low: 30, high: 100 },
    plausible: { min: 1, max: 300 },
    decimals: 0,
  },
  folate: { unit: 'ng/mL', alternateUnits: { 'nmol/L': 0.441 }, range: { low: 5.4 }, plausible: { min: 0.5, max: 100 }, decimals: 1 },
  magnesium: {
    unit: 'mg/dL',
    alternateUnits: { 'mmol/L': 2.431 },
    range: { low: 1.7, high: 2.3 },
    plausible: { min: 0.3, max: 10 },
    decimals: 1,
  },
  cortisol: {
    unit: 'ng/mL',
    alternateUnits: { 'nmol/L': 0.3625 },
    range: { low: 0.4, high: 1 },
    plausible: { min: 0, max: 100 },
    decimals: 1,
  },
  melatonin: { unit: 'pg/mL', range: { low: 4, high: 25 }, plausible: { min: 0, max: 500 }, decimals: 1 },
  ferritin: {
    unit: 'ng/mL',
    alternateUnits: { 'µg/L': 1, 'ug/L': 1 },
    range: { low: 15, high: 150 },
    plausible: { min: 0.5, max: 10000 },
    decimals: 0,
  },
  iron: {
    unit: 'µg/dL',
    alternateUnits: { 'ug/dL': 1, 'µmol/L': 5.585, 'umol/L': 5.585 },
    range: { low: 50, high: 170 },
    plausible: { min: 5, max: 1000 },
    decimals: 0,
  },
  'vitamin-b12': {
    unit: 'pg/mL',
    alternateUnits: { 'pmol/L': 1.355 },
    range: { low: 200, high: 900 },
    plausible: { min: 20, max: 10000 },
    decimals: 0,
  },
  tsh: {
    unit: 'mIU/L',
    alternateUnits: { 'µIU/mL': 1, 'uIU/mL': 1 },
    range: { low: 0.4, high: 4.5 },
    plausible: { min: 0, max: 200 },
    decimals: 2,
  },
  'free-t4': {
    unit: 'ng/dL',
    alternateUnits: { 'pmol/L': 0.0777 },
    range: { low: 0.8, high: 1.8 },
    plausible: { min: 0.05, max: 10 },
    decimals: 1,
  },
  'free-t3': {
    unit: 'pg/mL',
    alternateUnits: { 'pmol/L': 0.651 },
    range: { low: 2.3, high: 4.2 },
    plausible: { min: 0.2, max: 30 },
    decimals: 1,
  },
  testosterone: { unit: 'pg/mL', range: { low: 16, high: 55 }, plausible: { min: 0, max: 1000 }, decimals: 0 },
  dhea: { unit: 'pg/mL', range: { low: 100, high: 450 }, plausible: { min: 0, max: 5000 }, decimals: 0 },
  estradiol: { unit: 'pg/mL', range: { low: 1.3, high: 3.3 }, plausible: { min: 0, max: 100 }, decimals: 1 },
  progesterone: { unit: 'pg/mL', range: { low: 75, high: 270 }, plausible: { min: 0, max: 5000 }, decimals: 0 },
};

export function referenceOf(slug: BiomarkerSlug): BiomarkerReference {
  return biomarkerReferences[slug];
}

/** Every unit accepted for a biomarker, its own first. */
export function acceptedUnits(slug: BiomarkerSlug): string[] {
  const reference = biomarkerReferences[slug];
  return [reference.unit, ...Object.keys(reference.alternateUnits ?? {})];
}

/** The factor that turns a value in `unit` into the biomarker's own unit, or undefined for a unit it does not take. */
export function unitFactor(slug: BiomarkerSlug, unit: string): number | undefined {
  const reference = biomarkerReferences[slug];
  if (unit === reference.unit) return 1;
  return reference.alternateUnits?.[unit];
}
