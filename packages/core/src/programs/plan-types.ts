import type { AreaSlug } from '../catalog/areas.ts';
import type { BiomarkerSlug } from '../catalog/biomarkers.ts';
import type { GoalSlug } from '../catalog/goals.ts';
import type { FoodCategory, FoodId } from './foods.ts';
import type { OutOfRangeFlag } from './guidance/index.ts';
import type { HabitId } from './habits.ts';
import type { SupplementId } from './supplements.ts';

/** Why something is in a plan: a result outside its range, the member's goal or area, or the general advice. */
export type PlanSource =
  | { kind: 'biomarker'; biomarker: BiomarkerSlug; flag: OutOfRangeFlag }
  | { kind: 'goal'; goal: GoalSlug }
  | { kind: 'area'; area: AreaSlug }
  | { kind: 'general' };

export interface FoodItem {
  id: FoodId;
  name: string;
  category: FoodCategory;
}

export interface HabitItem {
  id: HabitId;
  text: string;
}

export interface SupplementItem {
  id: SupplementId;
  name: string;
  note: string;
}

/** An item of the plan's merged lists, with every reason it is there, in the plan's order. */
export type Sourced<Item> = Item & { from: PlanSource[] };

/** One result outside its range, with what the plan suggests for it. */
export interface PlanSection {
  biomarker: BiomarkerSlug;
  title: string;
  flag: OutOfRangeFlag;
  /** the value and the range it was read against, as the results page prints them */
  value: string;
  range: string;
  /** "Your ferritin was below range: …" */
  reason: string;
  favour: FoodItem[];
  limit: FoodItem[];
  habits: HabitItem[];
  supplements: SupplementItem[];
}

/** What a plan says when no result calls for a change. */
export interface GeneralSection {
  title: string;
  reason: string;
  favour: FoodItem[];
  limit: FoodItem[];
  habits: HabitItem[];
}

export interface ImprovementPlan {
  goal: GoalSlug | null;
  area: AreaSlug | null;
  sections: PlanSection[];
  /** present when no result outside its range calls for a change */
  general: GeneralSection | null;
  favour: Sourced<FoodItem>[];
  limit: Sourced<FoodItem>[];
  habits: Sourced<HabitItem>[];
  supplements: Sourced<SupplementItem>[];
  /** what the plan is and is not, shown with it */
  note: string;
}
