import { and, eq, isNull } from 'drizzle-orm';
import { quizResults, type Executor } from '@shop/db';

export type QuizResultRow = typeof quizResults.$inferSelect;

export async function insertQuizResult(db: Executor, values: typeof quizResults.$inferInsert): Promise<QuizResultRow> {
  const [row] = await db.insert(quizResults).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function findQuizResult(db: Executor, id: string): Promise<QuizResultRow | undefined> {
  const [row] = await db.select().from(quizResults).where(eq(quizResults.id, id));
  return row;
}

export async function assignQuizResult(db: Executor, id: string, userId: string): Promise<void> {
  await db.update(quizResults).set({ userId }).where(and(eq(quizResults.id, id), isNull(quizResults.userId)));
}
