import type { Question } from './questions.ts';

/** What a visitor reads when they try to leave a question they must answer without answering it. */
export const QUIZ_UNANSWERED = 'Please answer this question to continue';

/** One question's answer as a form carries it: a choice or a date, or the choices of a multi question. */
export type StepValue = string | string[] | undefined;

/** Something chosen or typed: an empty string or list is no answer. */
export function isAnswered(value: StepValue): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

/**
 * Why the quiz cannot move on from a question yet: it must be answered and is not. Kept free of
 * the answers schema, so the page's script can ask it on every step without carrying zod; the
 * schema checks the answer itself once it reaches the server (quizStepRefusal).
 */
export function unansweredRefusal(question: Question, value: StepValue): string | undefined {
  return !isAnswered(value) && question.optional !== true ? QUIZ_UNANSWERED : undefined;
}
