import { z } from 'zod';
import { findGoal, getTest, goals, type Goal, type LabTest } from '../catalog/index.ts';
import { isAdult } from '../eligibility/eligibility.ts';
import { messages } from '../errors/api-error.ts';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The answers every quiz variant collects at least; variants add their own on top. */
export const quizAnswersSchema = z.strictObject({
  goal: z.string().refine((slug) => findGoal(slug) !== undefined, { error: 'Please choose a health goal' }),
  sex: z.enum(['female', 'male', 'other'], { error: 'Please choose an option' }),
  dateOfBirth: z
    .string({ error: 'Please enter your date of birth' })
    .regex(isoDate, { error: 'Please enter your date of birth' })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'Please enter your date of birth' })
    .refine((value) => Date.parse(`${value}T00:00:00Z`) > Date.parse('1900-01-01T00:00:00Z'), {
      error: 'Please enter your date of birth',
    }),
});
export type QuizAnswers = z.infer<typeof quizAnswersSchema>;

export type Recommendation =
  | { eligible: true; goal: Goal; starterTest: LabTest; title: string }
  | { eligible: false; reason: string };

/** answers -> goal -> starter test, by the goal mappings of the specification §3 */
export function recommend(answers: QuizAnswers, today: Date): Recommendation {
  if (!isAdult(answers.dateOfBirth, today)) return { eligible: false, reason: messages.underage };
  const goal = findGoal(answers.goal);
  if (!goal) throw new RangeError(`Unknown goal ${answers.goal}`);
  const starterTest = getTest(goal.starterTestId);
  return { eligible: true, goal, starterTest, title: `Your ${goal.name} starter plan` };
}

export const quizGoals = goals;
