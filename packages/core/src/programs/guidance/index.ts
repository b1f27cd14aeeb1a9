import type { BiomarkerSlug } from '../../catalog/biomarkers.ts';
import { dailyRhythmGuidance } from './daily-rhythm.ts';
import { heartGuidance } from './heart.ts';
import { ironGuidance } from './iron.ts';
import { sexHormonesGuidance } from './sex-hormones.ts';
import { sugarInflammationGuidance } from './sugar-inflammation.ts';
import type { BiomarkerGuidance, Guidance } from './types.ts';
import { thyroidGuidance } from './thyroid.ts';
import { vitaminsMineralsGuidance } from './vitamins-minerals.ts';

export type { BiomarkerGuidance, Guidance } from './types.ts';

/** The reviewed guidance of every biomarker the shop measures: a new biomarker without it does not compile. */
export const biomarkerGuidance: Readonly<Record<BiomarkerSlug, BiomarkerGuidance>> = {
  ...heartGuidance,
  ...sugarInflammationGuidance,
  ...vitaminsMineralsGuidance,
  ...ironGuidance,
  ...thyroidGuidance,
  ...dailyRhythmGuidance,
  ...sexHormonesGuidance,
};

export type OutOfRangeFlag = 'low' | 'high';

export function guidanceFor(biomarker: BiomarkerSlug, flag: OutOfRangeFlag): Guidance {
  return biomarkerGuidance[biomarker][flag];
}

/** "Your ferritin was below range": what a result outside its range is, in the member's words. */
export function outOfRangeHeadline(biomarker: BiomarkerSlug, flag: OutOfRangeFlag): string {
  const { name, plural } = biomarkerGuidance[biomarker];
  const verb = plural ? 'were' : 'was';
  const side = flag === 'low' ? 'below' : 'above';
  return `Your ${name} ${verb} ${side} range`;
}

/** "Your ferritin was below range: …", the sentence a plan's section opens with. */
export function reasonFor(biomarker: BiomarkerSlug, flag: OutOfRangeFlag): string {
  return `${outOfRangeHeadline(biomarker, flag)}: ${guidanceFor(biomarker, flag).reason}`;
}
