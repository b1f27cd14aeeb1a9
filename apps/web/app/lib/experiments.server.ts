import {
  EXPERIMENT_COOKIE,
  EXPERIMENT_COOKIE_MAX_AGE,
  EXPERIMENT_COOKIE_PATH,
  formatExperimentCookie,
  quizExperiment,
  quizVariantForExperiment,
  resolveAssignment,
  type QuizVariantSlug,
} from '@shop/core';
import { isbot } from 'isbot';

/**
 * Which quiz a visitor of /quiz sees, from the `exp` cookie: assigned once at random and kept
 * for 7 days. Bots, crawlers and synthetic monitors are never assigned and always see `quiz`.
 */
export function quizExperimentFor(request: Request): { slug: QuizVariantSlug; setCookie: string | null } {
  if (isbot(request.headers.get('user-agent') ?? '')) return { slug: 'quiz', setCookie: null };
  const cookie = readCookie(request.headers.get('cookie'), EXPERIMENT_COOKIE);
  const { assignment, fresh } = resolveAssignment(cookie, quizExperiment, Math.random);
  const setCookie = fresh
    ? `${EXPERIMENT_COOKIE}=${formatExperimentCookie(assignment)}; Max-Age=${EXPERIMENT_COOKIE_MAX_AGE}; Path=${EXPERIMENT_COOKIE_PATH}; SameSite=Lax`
    : null;
  return { slug: quizVariantForExperiment(assignment), setCookie };
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
