import { isAreaSlug, type AreaSlug } from '../catalog/areas.ts';
import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import { findGoal } from '../catalog/goals.ts';
import { evaluateResult, type EvaluatedResult } from '../results/evaluate.ts';
import type { BiomarkerResult } from '../results/schema.ts';
import { programFoods, type FoodId } from './foods.ts';
import { areaHabits, generalGuidance, goalHabits } from './goal-habits.ts';
import { guidanceFor, reasonFor, type Guidance, type OutOfRangeFlag } from './guidance/index.ts';
import { programHabits, type HabitId } from './habits.ts';
import type { FoodItem, HabitItem, ImprovementPlan, PlanSection, PlanSource, Sourced, SupplementItem } from './plan-types.ts';
import { programSupplements, type SupplementId } from './supplements.ts';

export interface PlanInput {
  results: readonly BiomarkerResult[];
  /** the quiz's goal and area; an unknown slug is ignored rather than refused */
  goal?: string | null;
  area?: string | null;
}

export const planNote =
  'This plan explains your results and suggests everyday changes; it is not a diagnosis. Talk to your clinician before starting a supplement or changing a medicine.';

const catalogOrder = new Map(Object.keys(biomarkers).map((slug, index) => [slug, index]));

const foodItem = (id: FoodId): FoodItem => ({ id, ...programFoods[id] });
const habitItem = (id: HabitId): HabitItem => ({ id, text: programHabits[id] });
const supplementItem = (id: SupplementId): SupplementItem => ({ id, ...programSupplements[id] });

const hasAdvice = (guidance: Guidance) =>
  [guidance.favour, guidance.limit, guidance.habits, guidance.supplements].some((list) => (list?.length ?? 0) > 0);

/** Keeps the first appearance of each id and gathers every source that names it, in order. */
class Merged<Id extends string, Item extends { id: Id }> {
  readonly #items = new Map<Id, Sourced<Item>>();

  add(items: readonly Item[], source: PlanSource): void {
    for (const item of items) {
      const existing = this.#items.get(item.id);
      if (existing) existing.from.push(source);
      else this.#items.set(item.id, { ...item, from: [source] });
    }
  }

  list(): Sourced<Item>[] {
    return [...this.#items.values()];
  }
}

interface OutOfRange {
  result: EvaluatedResult & { biomarker: BiomarkerSlug };
  flag: OutOfRangeFlag;
  guidance: Guidance;
}

function outOfRange(results: readonly BiomarkerResult[]): OutOfRange[] {
  const seen = new Set<BiomarkerSlug>();
  const found: OutOfRange[] = [];
  for (const result of results) {
    if (seen.has(result.biomarker)) throw new RangeError(`${result.biomarker} is listed twice`);
    seen.add(result.biomarker);
    const evaluated = { ...evaluateResult(result), biomarker: result.biomarker };
    const { flag } = evaluated;
    if (flag !== 'normal') found.push({ result: evaluated, flag, guidance: guidanceFor(result.biomarker, flag) });
  }
  // Results that ask for a change come first, then the catalog's order, which keeps related
  // markers together (the four lipids, ferritin beside iron, the three thyroid markers). The order
  // the lab sent them in plays no part, so the same results always read the same.
  const rank = (entry: OutOfRange) => [hasAdvice(entry.guidance) ? 0 : 1, catalogOrder.get(entry.result.biomarker) ?? 0] as const;
  return found.sort((a, b) => {
    const [adviceA, orderA] = rank(a);
    const [adviceB, orderB] = rank(b);
    return adviceA - adviceB || orderA - orderB;
  });
}

function memberArea(goal: ReturnType<typeof findGoal>, area: string | null | undefined): AreaSlug | null {
  if (area && isAreaSlug(area)) return area;
  return goal?.area ?? null;
}

function generalReason(results: number, outside: number): string {
  if (results === 0) return generalGuidance.reasons.noResults;
  return outside === 0 ? generalGuidance.reasons.allInRange : generalGuidance.reasons.nothingToChange;
}

/**
 * The nutrition and lifestyle plan of the Improvement Program, from the member's starter test
 * results, goal and area. Pure and deterministic: the same input gives the same plan.
 */
export function buildPlan(input: PlanInput): ImprovementPlan {
  const found = outOfRange(input.results);
  // A food one result asks to limit is suggested nowhere, and a supplement a result argues
  // against (iron with a high ferritin) is not put to the clinician on another result's behalf.
  const limited = new Set<FoodId>(found.flatMap((entry) => entry.guidance.limit ?? []));
  const avoided = new Set<SupplementId>(found.flatMap((entry) => entry.guidance.avoidSupplements ?? []));

  const sections: PlanSection[] = found.map(({ result, flag, guidance }) => ({
    biomarker: result.biomarker,
    title: result.title,
    flag,
    value: result.display.value,
    range: result.display.range,
    reason: reasonFor(result.biomarker, flag),
    favour: (guidance.favour ?? []).filter((id) => !limited.has(id)).map(foodItem),
    limit: (guidance.limit ?? []).map(foodItem),
    habits: (guidance.habits ?? []).map(habitItem),
    supplements: (guidance.supplements ?? []).filter((id) => !avoided.has(id)).map(supplementItem),
  }));

  const general = found.some((entry) => hasAdvice(entry.guidance))
    ? null
    : {
        title: generalGuidance.title,
        reason: generalReason(input.results.length, found.length),
        favour: generalGuidance.favour.map(foodItem),
        limit: generalGuidance.limit.map(foodItem),
        habits: generalGuidance.habits.map(habitItem),
      };

  const goal = input.goal ? findGoal(input.goal) : undefined;
  const area = memberArea(goal, input.area);

  const favour = new Merged<FoodId, FoodItem>();
  const limit = new Merged<FoodId, FoodItem>();
  const habits = new Merged<HabitId, HabitItem>();
  const supplements = new Merged<SupplementId, SupplementItem>();
  for (const section of sections) {
    const source: PlanSource = { kind: 'biomarker', biomarker: section.biomarker, flag: section.flag };
    favour.add(section.favour, source);
    limit.add(section.limit, source);
    habits.add(section.habits, source);
    supplements.add(section.supplements, source);
  }
  if (goal) habits.add(goalHabits[goal.slug].map(habitItem), { kind: 'goal', goal: goal.slug });
  if (area) habits.add(areaHabits[area].map(habitItem), { kind: 'area', area });
  if (general) {
    favour.add(general.favour, { kind: 'general' });
    limit.add(general.limit, { kind: 'general' });
    habits.add(general.habits, { kind: 'general' });
  }

  return {
    goal: goal?.slug ?? null,
    area,
    sections,
    general,
    favour: favour.list(),
    limit: limit.list(),
    habits: habits.list(),
    supplements: supplements.list(),
    note: planNote,
  };
}
