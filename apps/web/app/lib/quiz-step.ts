import type { QuestionId, QuizVariantSlug } from '@shop/core';

/** The answers given so far, as the quiz's form carries them: a choice, a date, or a list of choices. */
export type QuizDraftAnswers = Partial<Record<QuestionId, string | string[]>>;

/** The quiz action's answer to one screen: the screen to show next, with the answers so far. */
export interface QuizStepAnswer {
  slug: QuizVariantSlug;
  /** index of the screen to show */
  step: number;
  answers: QuizDraftAnswers;
  /** why the screen cannot be left yet, or why the answers could not be stored */
  error?: string;
  /** the consent to collect health data was given on the first screen (it rides along after it) */
  consent?: boolean;
  /** the person is under 18: the quiz ends there and nothing is kept */
  underage?: boolean;
}
