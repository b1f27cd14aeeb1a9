import { answersSchemaFor, findGoal, findQuizVariant, getTest, recommend, starterTestSummary } from '@shop/core';
import type { Database } from '@shop/db';
import { AppError, badRequest, notFound } from '../errors.ts';
import { validationFailed } from '../validation.ts';
import { assignQuizResult, findQuizResult, insertQuizResult, type QuizResultRow } from './repository.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Checks the answers against the variant's own questions, recommends, and stores the result. */
export async function submitQuiz(db: Database, variantSlug: string, rawAnswers: unknown, userId: string | null) {
  const variant = findQuizVariant(variantSlug);
  if (!variant) throw badRequest('UNKNOWN_QUIZ', 'This quiz does not exist.');
  const parsed = answersSchemaFor(variant).safeParse(rawAnswers);
  if (!parsed.success) throw validationFailed(parsed.error.issues, ['answers']);
  const recommendation = recommend(parsed.data, new Date(), variant);
  // a minor's answers are not kept: the quiz ends here and nothing is written
  if (!recommendation.eligible) throw new AppError(422, 'UNDERAGE', recommendation.reason);
  const row = await insertQuizResult(db, {
    variant: variant.slug,
    answers: parsed.data,
    goalSlug: recommendation.goal.slug,
    starterTestId: recommendation.starterTest.id,
    title: recommendation.title,
    areas: recommendation.areas,
    userId,
  });
  return present(row);
}

export async function getQuizResult(db: Database, id: string) {
  // a malformed id can never exist: it gets the same answer as a missing one
  const row = uuidPattern.test(id) ? await findQuizResult(db, id) : undefined;
  if (!row) throw notFound('QUIZ_RESULT_NOT_FOUND', 'We could not find these quiz results.');
  return present(row);
}

/** The result the visitor's cookie remembers; a plain 404 (not the retried code) when there is none. */
export async function getLatestQuizResult(db: Database, id: string | undefined) {
  const row = id && uuidPattern.test(id) ? await findQuizResult(db, id) : undefined;
  if (!row) throw notFound('NO_SAVED_QUIZ_RESULT', 'You have no saved quiz results yet.');
  return present(row);
}

/** A result taken before sign-up becomes the new account's. */
export async function attachQuizResult(db: Database, id: string | undefined, userId: string): Promise<void> {
  if (!id || !uuidPattern.test(id)) return;
  await assignQuizResult(db, id, userId);
}

function present(row: QuizResultRow) {
  const goal = findGoal(row.goalSlug);
  return {
    id: row.id,
    variant: row.variant,
    createdAt: row.createdAt.toISOString(),
    title: row.title || (goal ? `Your ${goal.name} starter plan` : 'Your starter plan'),
    areas: row.areas,
    gift: findQuizVariant(row.variant)?.audience === 'gift',
    goal: { slug: row.goalSlug, name: goal?.name ?? row.goalSlug, goalId: goal?.goalId ?? null },
    starterTest: starterTestSummary(getTest(row.starterTestId)),
  };
}
