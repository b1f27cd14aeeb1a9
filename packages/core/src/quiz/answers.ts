import { z } from 'zod';
import { areaSlugs } from '../catalog/areas.ts';
import { goalSlugs } from '../catalog/goals.ts';
import {
  activityValues,
  dietValues,
  getQuestion,
  NO_SYMPTOMS,
  sexValues,
  sleepHoursValues,
  symptomValues,
  type Question,
  type QuestionId,
} from './questions.ts';
import { isAnswered, unansweredRefusal, type StepValue } from './steps.ts';
import type { QuizVariant } from './variants.ts';

/** What a visitor reads when an answer is missing or wrong: each one says what to do. */
export const quizMessages = {
  chooseGoal: 'Please choose a health goal',
  chooseArea: 'Please choose an area',
  chooseOption: 'Please choose an option',
  chooseSymptom: 'Please choose at least one, or "None of these"',
  noneAlone: '"None of these" cannot be chosen together with a symptom',
  enterDateOfBirth: 'Please enter your date of birth',
  validDateOfBirth: 'Please enter a valid date of birth',
  partnerLink: 'This partner link is not valid. Please check the link you were given.',
} as const;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_DATE_OF_BIRTH = '1900-01-01';

/** YYYY-MM-DD naming a day that exists (not 2001-02-30) */
export function isRealIsoDate(value: string): boolean {
  const match = isoDate.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A real day after 1 January 1900 and not after today (UTC). ISO dates compare as strings. */
function isPlausibleDateOfBirth(value: string, today: Date): boolean {
  return isRealIsoDate(value) && value > EARLIEST_DATE_OF_BIRTH && value <= today.toISOString().slice(0, 10);
}

function choice<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  return z.enum(values, { error });
}

function answerFieldsAt(now: () => Date) {
  return {
    // a string first, so a program sending the wrong type gets zod's own message (the API
    // prefixes it with the field), while a person gets 'Please choose a health goal'
    goal: z
      .string({ error: (issue) => (issue.input === undefined ? quizMessages.chooseGoal : undefined) })
      .pipe(choice(goalSlugs, quizMessages.chooseGoal)),
    area: choice(areaSlugs, quizMessages.chooseArea),
    symptoms: z
      .array(choice(symptomValues, quizMessages.chooseOption), { error: quizMessages.chooseOption })
      .min(1, { error: quizMessages.chooseSymptom, abort: true })
      .refine((symptoms) => new Set(symptoms).size === symptoms.length, { error: quizMessages.chooseOption })
      .refine((symptoms) => symptoms.length === 1 || !symptoms.includes(NO_SYMPTOMS), { error: quizMessages.noneAlone }),
    sex: choice(sexValues, quizMessages.chooseOption),
    dateOfBirth: z
      .string({ error: quizMessages.enterDateOfBirth })
      .min(1, { error: quizMessages.enterDateOfBirth, abort: true })
      .refine((value) => isPlausibleDateOfBirth(value, now()), { error: quizMessages.validDateOfBirth }),
    diet: choice(dietValues, quizMessages.chooseOption),
    activity: choice(activityValues, quizMessages.chooseOption),
    sleepHours: choice(sleepHoursValues, quizMessages.chooseOption),
    recipientSex: choice(sexValues, quizMessages.chooseOption),
  } satisfies Record<QuestionId, z.ZodType>;
}
type AnswerFields = ReturnType<typeof answerFieldsAt>;

/** Any variant's answers: each variant's schema requires its own subset. */
export type QuizAnswerSet = { [K in QuestionId]?: z.output<AnswerFields[K]> } & {
  /** the partner or employer group, from the link (partner variants only) */
  partner?: string;
};

export const PARTNER_PATTERN = /^[a-z0-9-]{1,40}$/;
const partnerField = z.string({ error: quizMessages.partnerLink }).regex(PARTNER_PATTERN, { error: quizMessages.partnerLink });

// Unknown keys are refused rather than stripped: an answer the variant does not ask for (a date
// of birth sent with a gift quiz) is a caller's mistake, not something to store.
const answersObjectError: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'unrecognized_keys' ? `This quiz does not ask about ${issue.keys.join(', ')}` : 'Please answer the questions';

/**
 * The answers of one variant: exactly its questions (optional ones may be missing), each checked
 * against the question bank's values, plus `partner` for partner variants. `now` is read when a
 * date of birth is checked, so one schema can live for the life of the process.
 */
export function answersSchemaFor(variant: QuizVariant, now: () => Date = () => new Date()): z.ZodType<QuizAnswerSet> {
  const fields = answerFieldsAt(now);
  const shape: Record<string, z.ZodType> = {};
  for (const id of variant.questions) shape[id] = getQuestion(id).optional === true ? fields[id].optional() : fields[id];
  if (variant.requiresPartner === true) shape.partner = partnerField.optional();
  // the shape is built from the typed fields above, so its output is a QuizAnswerSet
  return z.strictObject(shape, { error: answersObjectError });
}

const fields = answerFieldsAt(() => new Date());

/**
 * Why one screen of the quiz cannot be left by Next: unanswered while required, or an answer the
 * variant's schema would refuse (a day that does not exist, "None of these" with a symptom), in
 * the words of that schema. An optional question left empty is skipped.
 */
export function quizStepRefusal(question: Question, value: StepValue, now: () => Date = () => new Date()): string | undefined {
  const unanswered = unansweredRefusal(question, value);
  if (unanswered || !isAnswered(value)) return unanswered;
  const parsed = answerFieldsAt(now)[question.id].safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * The answers of the `quiz` variant, typed field by field for its callers (the API route and the
 * web's quiz page). It must accept what answersSchemaFor(quizVariants.quiz) accepts: a test
 * holds the two together. goal, sex and dateOfBirth are the minimal valid set.
 */
export const quizAnswersSchema = z.strictObject(
  {
    goal: fields.goal,
    symptoms: fields.symptoms.optional(),
    sex: fields.sex,
    dateOfBirth: fields.dateOfBirth,
  },
  { error: answersObjectError },
);
export type QuizAnswers = z.infer<typeof quizAnswersSchema>;

/**
 * The partner or employer group a partner quiz was opened with: `?partner=` first, then
 * `?group=`. Undefined when neither is present or the value is not a plausible slug.
 */
export function readPartner(query: { partner?: string | null; group?: string | null }): string | undefined {
  for (const raw of [query.partner, query.group]) {
    const value = raw?.trim().toLowerCase();
    if (value && PARTNER_PATTERN.test(value)) return value;
  }
  return undefined;
}
