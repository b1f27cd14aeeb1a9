import { programFoods, type FoodId } from './foods.ts';
import { mealSlotLabels, mealSlots, programMeals, type ProgramMeal, type MealSlot } from './meals.ts';
import type { FoodItem, ImprovementPlan } from './plan-types.ts';

export interface MealSuggestion {
  slot: MealSlot;
  label: string;
  mealId: string;
  name: string;
  /** the plan's favoured foods this meal brings, in the plan's order */
  favoured: FoodItem[];
}

export interface DailyMealPlan {
  /** counted from 1, the program's first day */
  day: number;
  meals: MealSuggestion[];
}

/** Fewer choices than this and a member would eat the same breakfast every other day. */
const MIN_CHOICES = 3;

/**
 * The meals of a slot a plan may suggest: none with a food it limits, those with more of its
 * favoured foods first, topped up with other allowed meals when too few contain any.
 */
function choicesFor(slot: MealSlot, favoured: ReadonlySet<FoodId>, limited: ReadonlySet<FoodId>): ProgramMeal[] {
  const ranked = programMeals
    .filter((meal) => meal.slot === slot && !meal.foods.some((food) => limited.has(food)))
    .map((meal, index) => ({ meal, index, score: meal.foods.filter((food) => favoured.has(food)).length }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const matching = ranked.filter((entry) => entry.score > 0);
  const chosen = matching.length >= MIN_CHOICES ? matching : ranked.slice(0, MIN_CHOICES);
  return chosen.map((entry) => entry.meal);
}

// Beans and lentils sit in the pantry aisle but fill a plate as meat or fish does.
const legumes = new Set<FoodId>(['lentils', 'chickpeas', 'black-beans', 'edamame']);
const proteinsOf = (meal: ProgramMeal) => meal.foods.filter((food) => programFoods[food].category === 'protein' || legumes.has(food));

/**
 * Breakfast, lunch, dinner and a snack for one day of the plan (Base Daily's daily meal plans).
 * Each slot walks through its choices one day at a time, so the same day always gives the same
 * meals and the days vary; a meal whose protein (fish, meat, eggs, tofu, beans) an earlier meal of
 * the day already had gives way to the next choice, so lentils are not lunch and dinner.
 */
export function dailyMealPlan(plan: ImprovementPlan, day: number): DailyMealPlan {
  if (!Number.isInteger(day) || day < 1) throw new RangeError(`day must be a whole number of 1 or more, not ${day}`);
  const favourOrder = plan.favour.map((food) => food.id);
  const favoured = new Set(favourOrder);
  const limited = new Set(plan.limit.map((food) => food.id));
  const eatenProteins = new Set<FoodId>();
  const meals: MealSuggestion[] = [];
  for (const slot of mealSlots) {
    const choices = choicesFor(slot, favoured, limited);
    if (choices.length === 0) continue;
    const start = (day - 1) % choices.length;
    const inTurn = choices.map((_, offset) => choices[(start + offset) % choices.length]!);
    const meal = inTurn.find((candidate) => !proteinsOf(candidate).some((food) => eatenProteins.has(food))) ?? inTurn[0]!;
    for (const food of proteinsOf(meal)) eatenProteins.add(food);
    meals.push({
      slot,
      label: mealSlotLabels[slot],
      mealId: meal.id,
      name: meal.name,
      favoured: favourOrder.filter((id) => meal.foods.includes(id)).map((id) => ({ id, ...programFoods[id] })),
    });
  }
  return { day, meals };
}
