import { testsInKit, type BiomarkerSlug, type KitSlug } from '@shop/core';

/** The biomarkers a kit measures, each once: a field set of the results entry form for each. */
export function biomarkersOfKit(kitSlug: KitSlug): BiomarkerSlug[] {
  return [...new Set(testsInKit(kitSlug).flatMap((test) => test.biomarkers.map((biomarker) => biomarker.slug as BiomarkerSlug)))];
}
