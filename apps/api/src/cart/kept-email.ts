import { getTest, goals, kindOf, type CartLine } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import { starterTestKeptEmail } from '../email/templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { findUserEmail } from './repository.ts';

/** Where the quiz results behind a starter test line can be seen again. */
export function quizResultsLink(publicUrl: string, line: CartLine): string {
  if (line.quizResultId) return `${publicUrl}/quiz-results?id=${encodeURIComponent(line.quizResultId)}`;
  const goal = goals.find((candidate) => candidate.starterTestId === line.testId);
  return goal ? `${publicUrl}/quiz-results/${goal.slug}` : `${publicUrl}/quiz`;
}

/**
 * A replaced starter test "stays available by email" (specification §4): a signed-in customer gets
 * the link to their quiz results. An anonymous visitor has no address yet; the confirmation told
 * them that signing in first keeps it by e-mail, queued (the queue retries a failed send).
 */
export async function sendStarterTestKept(app: FastifyInstance, userId: string | null, replaced: readonly CartLine[]): Promise<boolean> {
  const starters = replaced.filter((line) => kindOf(line) === 'starter' && line.testId !== null);
  if (!userId || starters.length === 0) return false;
  const to = await findUserEmail(app.db, userId);
  if (!to) return false;
  for (const line of starters) {
    const message = starterTestKeptEmail(to, getTest(line.testId!).title, quizResultsLink(app.config.PUBLIC_URL, line));
    await enqueueEmail(app.db, message);
  }
  return true;
}
