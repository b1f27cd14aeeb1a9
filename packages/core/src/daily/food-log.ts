import { z } from 'zod';
import { dayOf } from '../subscriptions/schedule.ts';

/**
 * The Base Daily member's food log: what they ate, meal by meal, day by day. Kept simple on
 * purpose: a line of text per meal, for the member and their coach to read, not a nutrient count.
 */
export const meals = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export type Meal = (typeof meals)[number];

export const mealLabels: Record<Meal, string> = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snack: 'Snack' };

/** How far back a member may log: a forgotten meal of the last weeks, not a diary rewritten months later. */
export const FOOD_LOG_DAYS_BACK = 30;

export const foodLogMessages = {
  day: 'Choose a day: today or one of the last 30 days.',
  meal: 'Choose a meal: breakfast, lunch, dinner or a snack.',
  food: 'Write what you ate, in up to 200 characters.',
  membersOnly: 'Daily meal plans and the food log are part of Base Daily. Join Base Daily to use them.',
  notFound: 'We could not find this entry of your food log.',
} as const;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `day` (YYYY-MM-DD) may be logged on `today`: not in the future, not more than 30 days back. */
export function isLoggableDay(day: string, today: string): boolean {
  if (!dayPattern.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return false;
  if (dayOf(new Date(`${day}T00:00:00Z`)) !== day) return false;
  const earliest = new Date(`${today}T00:00:00Z`);
  earliest.setUTCDate(earliest.getUTCDate() - FOOD_LOG_DAYS_BACK);
  return day <= today && day >= dayOf(earliest);
}

/** One entry as the form and the API take it; the day is checked against today by `isLoggableDay`. */
export const foodLogEntrySchema = z.strictObject({
  day: z.string({ error: foodLogMessages.day }).trim().regex(dayPattern, { error: foodLogMessages.day }),
  meal: z.enum(meals, { error: foodLogMessages.meal }),
  food: z.string({ error: foodLogMessages.food }).trim().min(1, { error: foodLogMessages.food }).max(200, { error: foodLogMessages.food }),
});
export type FoodLogEntryInput = z.infer<typeof foodLogEntrySchema>;
