import { dayOf, FOOD_LOG_DAYS_BACK, foodLogMessages, isLoggableDay, mealLabels, type FoodLogEntryInput, type Meal } from '@shop/core';
import type { Database } from '@shop/db';
import { AppError, badRequest, notFound } from '../errors.ts';
import { deleteFoodLogEntry, insertFoodLogEntry, isMember, listFoodLog, type FoodLogRow } from './repository.ts';

export interface FoodLogEntryView {
  id: string;
  day: string;
  meal: Meal;
  mealLabel: string;
  food: string;
}

export interface FoodLogView {
  today: string;
  /** the earliest day that may still be logged */
  earliest: string;
  /** the last days' entries, newest first */
  days: Array<{ day: string; entries: FoodLogEntryView[] }>;
}

const toView = (row: FoodLogRow): FoodLogEntryView => ({
  id: row.id,
  day: row.day,
  meal: row.meal as Meal,
  mealLabel: mealLabels[row.meal as Meal] ?? row.meal,
  food: row.food,
});

/** Base Daily's pages are a member's: anyone else is told what they are part of. */
export async function requireMember(db: Database, userId: string, now = new Date()): Promise<void> {
  if (!(await isMember(db, userId, now))) throw new AppError(403, 'MEMBERS_ONLY', foodLogMessages.membersOnly);
}

function daysBack(today: string, days: number): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return dayOf(day);
}

/** The member's log of the last week, grouped by day. */
export async function viewFoodLog(db: Database, userId: string, now = new Date()): Promise<FoodLogView> {
  await requireMember(db, userId, now);
  const today = dayOf(now);
  const rows = await listFoodLog(db, userId, daysBack(today, 6), today);
  const days = new Map<string, FoodLogEntryView[]>();
  for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), toView(row)]);
  return {
    today,
    earliest: daysBack(today, FOOD_LOG_DAYS_BACK),
    days: [...days].map(([day, entries]) => ({ day, entries })),
  };
}

export async function logFood(db: Database, userId: string, input: FoodLogEntryInput, now = new Date()): Promise<FoodLogEntryView> {
  await requireMember(db, userId, now);
  if (!isLoggableDay(input.day, dayOf(now))) throw badRequest('INVALID_DAY', foodLogMessages.day);
  return toView(await insertFoodLogEntry(db, { userId, day: input.day, meal: input.meal, food: input.food }));
}

export async function removeFoodLogEntry(db: Database, userId: string, id: string): Promise<void> {
  const missing = () => notFound('FOOD_LOG_ENTRY_NOT_FOUND', foodLogMessages.notFound);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw missing();
  if (!(await deleteFoodLogEntry(db, userId, id))) throw missing();
}
