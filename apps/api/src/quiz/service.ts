import { findGoal, formatMoney, getProduct, getTest, recommend, type QuizAnswers } from '@shop/core';
import type { Database } from '@shop/db';
import { AppError, notFound } from '../errors.ts';
import { findQuizResult, insertQuizResult, type QuizResultRow } from './repository.ts';

export async function submitQuiz(db: Database, variant: string, answers: QuizAnswers, userId: string | null) {
  const recommendation = recommend(answers, new Date());
  // a minor's answers are not kept: the quiz ends here and nothing is written
  if (!recommendation.eligible) throw new AppError(422, 'UNDERAGE', recommendation.reason);
  const row = await insertQuizResult(db, {
    variant,
    answers,
    goalSlug: recommendation.goal.slug,
    starterTestId: recommendation.starterTest.id,
    userId,
  });
  return present(row);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getQuizResult(db: Database, id: string) {
  // a malformed id can never exist: it gets the same answer as a missing one
  const row = uuidPattern.test(id) ? await findQuizResult(db, id) : undefined;
  if (!row) throw notFound('QUIZ_RESULT_NOT_FOUND', 'We could not find these quiz results.');
  return present(row);
}

function present(row: QuizResultRow) {
  const goal = findGoal(row.goalSlug);
  const test = getTest(row.starterTestId);
  const starter = getProduct('base-quiz');
  return {
    id: row.id,
    variant: row.variant,
    createdAt: row.createdAt.toISOString(),
    title: goal ? `Your ${goal.name} starter plan` : 'Your starter plan',
    goal: { slug: row.goalSlug, name: goal?.name ?? row.goalSlug, goalId: goal?.goalId ?? null },
    starterTest: {
      id: test.id,
      title: test.title,
      overview: test.overview,
      type: test.type,
      biomarkers: test.biomarkers.map((biomarker) => biomarker.title),
      priceCents: starter.priceCents,
      price: formatMoney(starter.priceCents),
    },
  };
}
