import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import { foodLogEntries, users, type Executor } from '@shop/db';
import { baseDailyMemberOf } from '../promotions/membership.ts';

export type FoodLogRow = typeof foodLogEntries.$inferSelect;

/** Whether the user's Base Daily benefits hold at `now`. */
export async function isMember(db: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ member: baseDailyMemberOf(userId, now) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.member ?? false;
}

/** A member's entries from `from` to `to` (YYYY-MM-DD, both included), newest day first, meals in the order logged. */
export async function listFoodLog(db: Executor, userId: string, from: string, to: string): Promise<FoodLogRow[]> {
  return db
    .select()
    .from(foodLogEntries)
    .where(and(eq(foodLogEntries.userId, userId), gte(foodLogEntries.day, from), lte(foodLogEntries.day, to)))
    .orderBy(desc(foodLogEntries.day), asc(foodLogEntries.createdAt));
}

export async function insertFoodLogEntry(db: Executor, values: typeof foodLogEntries.$inferInsert): Promise<FoodLogRow> {
  const [row] = await db.insert(foodLogEntries).values(values).returning();
  return row!;
}

/** Deletes an entry of this user's only: another user's id deletes nothing. */
export async function deleteFoodLogEntry(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(foodLogEntries)
    .where(and(eq(foodLogEntries.id, id), eq(foodLogEntries.userId, userId)))
    .returning({ id: foodLogEntries.id });
  return deleted.length > 0;
}
