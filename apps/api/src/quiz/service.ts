import { answersSchemaFor, findGoal, findQuizVariant, getTest, recommend, starterTestSummary } from '@shop/core';
import type { Database } from '@shop/db';
import { AppError, badRequest, notFound } from '../errors.ts';
import { requireCollectConsent, type ConsentOrigin, type GivenConsent } from '../health-consents/service.ts';
import { isRowId, validationFailed } from '../validation.ts';
import { assignVisitorResults, findLatestVisitorResult, findQuizResult, insertQuizResult, type QuizResultRow } from './repository.ts';

/** Who asks for a result: the browser's quiz visitor id, when it has one, and the signed-in account. */
export interface QuizReader {
  visitorId: string | undefined;
  userId: string | null;
}

/**
 * A result is its account's once one owns it, whatever cookie the browser carries (as a cart is);
 * before that, it is the browser's that took the quiz.
 */
function mayRead(row: QuizResultRow, reader: QuizReader): boolean {
  if (row.userId) return row.userId === reader.userId;
  return row.visitorId !== null && row.visitorId === reader.visitorId;
}

/** Checks the answers against the variant's own questions, recommends, and stores the result as the taker's. */
export async function submitQuiz(
  db: Database,
  variantSlug: string,
  rawAnswers: unknown,
  taker: { visitorId: string; userId: string | null },
  consent: { given: GivenConsent | undefined; origin: ConsentOrigin },
) {
  const variant = findQuizVariant(variantSlug);
  if (!variant) throw badRequest('UNKNOWN_QUIZ', 'This quiz does not exist.');
  const parsed = answersSchemaFor(variant).safeParse(rawAnswers);
  if (!parsed.success) throw validationFailed(parsed.error.issues, ['answers']);
  const recommendation = recommend(parsed.data, new Date(), variant);
  // a minor's answers are not kept: the quiz ends here and nothing is written
  if (!recommendation.eligible) throw new AppError(422, 'UNDERAGE', recommendation.reason);
  // no answer is stored without the consent to collect it, given now or before and not withdrawn
  const row = await db.transaction(async (tx) => {
    await requireCollectConsent(tx, taker, consent.given, consent.origin);
    return insertQuizResult(tx, {
      variant: variant.slug,
      answers: parsed.data,
      goalSlug: recommendation.goal.slug,
      starterTestId: recommendation.starterTest.id,
      title: recommendation.title,
      areas: recommendation.areas,
      userId: taker.userId,
      visitorId: taker.visitorId,
    });
  });
  return present(row);
}

/**
 * The result, when the reader may read it. A malformed id can never exist, and someone else's
 * result must not be confirmed to exist: both are as missing.
 */
export async function findReadableQuizResult(db: Database, id: string, reader: QuizReader): Promise<QuizResultRow | undefined> {
  const row = isRowId(id) ? await findQuizResult(db, id) : undefined;
  return row && mayRead(row, reader) ? row : undefined;
}

export async function getQuizResult(db: Database, id: string, reader: QuizReader) {
  const row = await findReadableQuizResult(db, id, reader);
  if (!row) throw notFound('QUIZ_RESULT_NOT_FOUND', 'We could not find these quiz results.');
  return present(row);
}

/** The browser's newest result it may still read; a plain 404 (not the retried code) when there is none. */
export async function getLatestQuizResult(db: Database, reader: QuizReader) {
  const { visitorId } = reader;
  const row = visitorId && isRowId(visitorId) ? await findLatestVisitorResult(db, visitorId, reader.userId) : undefined;
  if (!row) throw notFound('NO_SAVED_QUIZ_RESULT', 'You have no saved quiz results yet.');
  return present(row);
}

/** The results a browser saved before signing up or in become the account's. */
export async function attachQuizResults(db: Database, visitorId: string | undefined, userId: string): Promise<void> {
  if (!visitorId || !isRowId(visitorId)) return;
  await assignVisitorResults(db, visitorId, userId);
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
