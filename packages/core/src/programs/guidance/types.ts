import type { FoodId } from '../foods.ts';
import type { HabitId } from '../habits.ts';
import type { SupplementId } from '../supplements.ts';

/**
 * What a plan says about one result outside its range. Every list may be empty: for some results
 * (a low LDL, a high HDL) food and habits have nothing to add, and the reason says so.
 */
export interface Guidance {
  /** the sentence after "Your ferritin was below range: ", in the shop's plain words */
  reason: string;
  favour?: readonly FoodId[];
  limit?: readonly FoodId[];
  habits?: readonly HabitId[];
  /** to discuss with a clinician, never to start alone */
  supplements?: readonly SupplementId[];
  /** supplements this result argues against, taken out of the plan whatever else suggests them */
  avoidSupplements?: readonly SupplementId[];
}

export interface BiomarkerGuidance {
  /** the biomarker as it reads inside a sentence: "ferritin", "LDL cholesterol" */
  name: string;
  /** "Your triglycerides were…" */
  plural?: boolean;
  low: Guidance;
  high: Guidance;
}
