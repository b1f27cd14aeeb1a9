import { describe, expect, it } from 'vitest';
import { programFoods, type FoodId } from './foods.ts';
import { biomarkerGuidance } from './guidance/index.ts';
import { dailyMealPlan } from './meal-plan.ts';
import { mealSlots, programMeals } from './meals.ts';
import { buildPlan } from './plan.ts';
import { resultOf } from './test-results.ts';

const lowIron = buildPlan({ results: [resultOf('ferritin', 9), resultOf('iron', 38)] });
const legumes: FoodId[] = ['lentils', 'chickpeas', 'black-beans', 'edamame'];
const days = Array.from({ length: 60 }, (_, index) => index + 1);

describe('the meals', () => {
  it('name only the plan’s foods, and leave every slot three meals free of anything any result limits', () => {
    const everyLimit = new Set<FoodId>(
      Object.values(biomarkerGuidance).flatMap((guidance) => [...(guidance.low.limit ?? []), ...(guidance.high.limit ?? [])]),
    );
    for (const meal of programMeals) for (const food of meal.foods) expect(programFoods[food], `${meal.id}: ${food}`).toBeDefined();
    expect(new Set(programMeals.map((meal) => meal.id)).size).toBe(programMeals.length);
    for (const slot of mealSlots) {
      const safe = programMeals.filter((meal) => meal.slot === slot && !meal.foods.some((food) => everyLimit.has(food)));
      expect(safe.length, slot).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('a day’s meal plan', () => {
  it('suggests breakfast, lunch, dinner and a snack, each with the favoured foods it brings', () => {
    const day = dailyMealPlan(lowIron, 1);
    expect(day.day).toBe(1);
    expect(day.meals.map((meal) => meal.label)).toEqual(['Breakfast', 'Lunch', 'Dinner', 'Snack']);
    expect(day.meals[0]).toEqual({
      slot: 'breakfast',
      label: 'Breakfast',
      mealId: 'cereal-kiwi',
      name: 'Fortified cereal with milk and a kiwi',
      favoured: [
        { id: 'fortified-cereal', name: 'Fortified breakfast cereal', category: 'grains' },
        { id: 'kiwi', name: 'Kiwi fruit', category: 'produce' },
      ],
    });
    // the snack's first choice, hummus, gives way: lunch already had chickpeas
    expect(day.meals.map((meal) => meal.mealId)).toEqual(['cereal-kiwi', 'chickpea-salad', 'beef-stir-fry', 'seeds-orange']);
  });

  it('is the same for the same plan and day, and changes from day to day', () => {
    expect(dailyMealPlan(lowIron, 5)).toEqual(dailyMealPlan(buildPlan({ results: [resultOf('iron', 38), resultOf('ferritin', 9)] }), 5));
    const names = days.map((day) =>
      dailyMealPlan(lowIron, day)
        .meals.map((meal) => meal.mealId)
        .join(),
    );
    for (let index = 1; index < names.length; index += 1) expect(names[index]).not.toBe(names[index - 1]);
    expect(new Set(days.map((day) => dailyMealPlan(lowIron, day).meals[0]!.mealId)).size).toBeGreaterThanOrEqual(3);
  });

  it('builds every meal from the favoured foods when there are enough of them', () => {
    const favoured = new Set(lowIron.favour.map((food) => food.id));
    for (const day of days) {
      for (const meal of dailyMealPlan(lowIron, day).meals) {
        expect(meal.favoured.length, `day ${day} ${meal.slot}`).toBeGreaterThan(0);
        expect(meal.favoured.every((food) => favoured.has(food.id))).toBe(true);
      }
    }
  });

  it('never suggests a meal with a limited food, nor the same protein twice in a day', () => {
    const highFerritin = buildPlan({ results: [resultOf('ferritin', 320), resultOf('ldl', 150), resultOf('vitamin-d', 20)] });
    const limited = new Set(highFerritin.limit.map((food) => food.id));
    expect(limited.has('red-meat')).toBe(true);
    for (const plan of [highFerritin, lowIron]) {
      const planLimits = new Set(plan.limit.map((food) => food.id));
      for (const day of days) {
        const meals = dailyMealPlan(plan, day).meals.map((suggestion) => programMeals.find((meal) => meal.id === suggestion.mealId)!);
        expect(meals).toHaveLength(4);
        for (const meal of meals) expect(meal.foods.filter((food) => planLimits.has(food))).toEqual([]);
        const proteins = meals.flatMap((meal) =>
          meal.foods.filter((food) => programFoods[food].category === 'protein' || legumes.includes(food)),
        );
        expect(new Set(proteins).size, `day ${day}`).toBe(proteins.length);
      }
    }
  });

  it('still offers a choice from a general plan, and refuses a day that is not one', () => {
    const general = buildPlan({ results: [] });
    expect(dailyMealPlan(general, 1).meals).toHaveLength(4);
    expect(dailyMealPlan(general, 1)).not.toEqual(dailyMealPlan(general, 2));
    expect(() => dailyMealPlan(general, 0)).toThrow(RangeError);
    expect(() => dailyMealPlan(general, 2.5)).toThrow(RangeError);
  });
});
