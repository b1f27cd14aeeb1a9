import type { BiomarkerSlug } from '../catalog/biomarkers.ts';
import type { ReferenceRange } from './reference.ts';

/**
 * An "optimal" band: the part of a biomarker's values that a published guideline names as the
 * best to be in, narrower than (or equal to) the reference range, which only says what is usual.
 * In the biomarker's own unit (reference.ts).
 */
export interface OptimalBand {
  band: ReferenceRange;
  /** the guideline that names the band, cited in full in decision record 0079 */
  source: string;
}

/**
 * Only the biomarkers for which a guideline names a band are here; the others show their
 * reference range alone. A band is never invented to fill the chart.
 */
export const optimalBands: Readonly<Partial<Record<BiomarkerSlug, OptimalBand>>> = {
  // NCEP Adult Treatment Panel III (2002), table II.1: LDL cholesterol below 100 mg/dL is "optimal"
  ldl: { band: { high: 100 }, source: 'NCEP Adult Treatment Panel III (2002): LDL cholesterol below 100 mg/dL is optimal' },
  // NCEP Adult Treatment Panel III (2002), table II.1: HDL cholesterol of 60 mg/dL and above is "high", a negative risk factor
  hdl: {
    band: { low: 60 },
    source: 'NCEP Adult Treatment Panel III (2002): HDL cholesterol of 60 mg/dL or more lowers heart risk',
  },
  // AHA Scientific Statement on triglycerides and cardiovascular disease (Miller et al., Circulation 2011): optimal fasting level below 100 mg/dL
  triglycerides: {
    band: { high: 100 },
    source: 'AHA Scientific Statement on Triglycerides and Cardiovascular Disease (2011): an optimal level is below 100 mg/dL',
  },
  // CDC/AHA Scientific Statement on markers of inflammation (Pearson et al., Circulation 2003): below 1 mg/L is the lowest risk group
  'hs-crp': {
    band: { high: 1 },
    source: 'CDC/AHA Scientific Statement on Markers of Inflammation and Cardiovascular Disease (2003): below 1 mg/L is low risk',
  },
  // Endocrine Society guideline on vitamin D deficiency (Holick et al., JCEM 2011): 40-60 ng/mL is the preferred range
  'vitamin-d': {
    band: { low: 40, high: 60 },
    source: 'Endocrine Society Clinical Practice Guideline on vitamin D deficiency (2011): 40 to 60 ng/mL is preferred',
  },
};

/** The optimal band of a biomarker, or undefined where no guideline names one. */
export function optimalBandOf(slug: BiomarkerSlug): OptimalBand | undefined {
  return optimalBands[slug];
}
