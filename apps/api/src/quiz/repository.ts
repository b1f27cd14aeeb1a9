import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { preparedQuery, quizResults, type Executor } from '@shop/db';

export type QuizResultRow = typeof quizResults.$inferSelect;

export async function insertQuizResult(db: Executor, values: typeof quizResults.$inferInsert): Promise<QuizResultRow> {
  const [row] = await db.insert(quizResults).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function findQuizResult(db: Executor, id: string): Promise<QuizResultRow | undefined> {
  const [row] = await quizResultById(db, { id });
  return row;
}

/** A result by its id: every add to cart from the quiz reads one, so the statement is built once. */
const quizResultById = preparedQuery((db) =>
  db
    .select()
    .from(quizResults)
    .where(eq(quizResults.id, sql.placeholder('id')))
    .prepare('quiz_result_by_id'),
);

/** The newest result of a browser that belongs to no account or to the given one. */
export async function findLatestVisitorResult(db: Executor, visitorId: string, userId: string | null): Promise<QuizResultRow | undefined> {
  const owner = userId ? or(isNull(quizResults.userId), eq(quizResults.userId, userId)) : isNull(quizResults.userId);
  const [row] = await db
    .select()
    .from(quizResults)
    .where(and(eq(quizResults.visitorId, visitorId), owner))
    .orderBy(desc(quizResults.createdAt))
    .limit(1);
  return row;
}

/** Gives an account every result of a browser that no account owns yet. */
export async function assignVisitorResults(db: Executor, visitorId: string, userId: string): Promise<void> {
  await db
    .update(quizResults)
    .set({ userId })
    .where(and(eq(quizResults.visitorId, visitorId), isNull(quizResults.userId)));
}

/** Every quiz result an account owns, newest first: what the member's data download shows. */
export async function quizResultsOfUser(db: Executor, userId: string): Promise<QuizResultRow[]> {
  return db.select().from(quizResults).where(eq(quizResults.userId, userId)).orderBy(desc(quizResults.createdAt));
}
