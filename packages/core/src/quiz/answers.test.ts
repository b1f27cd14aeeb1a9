import { describe, expect, it } from 'vitest';
import { answersSchemaFor, isRealIsoDate, quizAnswersSchema, quizStepRefusal, readPartner } from './answers.ts';
import { getQuestion } from './questions.ts';
import { QUIZ_UNANSWERED } from './steps.ts';
import { quizVariants, type QuizVariant } from './variants.ts';

const today = new Date('2026-11-21T12:00:00Z');
const schema = (variant: QuizVariant) => answersSchemaFor(variant, () => today);

function firstMessage(variant: QuizVariant, answers: unknown): string | undefined {
  const result = schema(variant).safeParse(answers);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const quiz = quizVariants.quiz;
const minimal = { goal: 'fatigue', sex: 'female', dateOfBirth: '1990-04-12' };

describe('answers of the quiz variant', () => {
  it('accepts goal, sex and date of birth, with symptoms optional', () => {
    expect(schema(quiz).parse(minimal)).toEqual(minimal);
    expect(schema(quiz).parse({ ...minimal, symptoms: ['tiredness', 'brain-fog'] })).toMatchObject({
      symptoms: ['tiredness', 'brain-fog'],
    });
  });

  it.each([
    ['an unknown goal', { ...minimal, goal: 'immortality' }, 'Please choose a health goal'],
    ['a missing goal', { sex: 'female', dateOfBirth: '1990-04-12' }, 'Please choose a health goal'],
    ['a missing sex', { goal: 'fatigue', dateOfBirth: '1990-04-12' }, 'Please choose an option'],
    ['an unknown sex', { ...minimal, sex: 'robot' }, 'Please choose an option'],
    ['a missing date of birth', { goal: 'fatigue', sex: 'female' }, 'Please enter your date of birth'],
    ['an empty date of birth', { ...minimal, dateOfBirth: '' }, 'Please enter your date of birth'],
    ['a date of birth in the future', { ...minimal, dateOfBirth: '2026-11-22' }, 'Please enter a valid date of birth'],
    ['a day that does not exist', { ...minimal, dateOfBirth: '1990-02-30' }, 'Please enter a valid date of birth'],
    ['a date in another format', { ...minimal, dateOfBirth: '04/12/1990' }, 'Please enter a valid date of birth'],
    ['a date before 1900', { ...minimal, dateOfBirth: '1899-12-31' }, 'Please enter a valid date of birth'],
    ['an unknown symptom', { ...minimal, symptoms: ['hiccups'] }, 'Please choose an option'],
    ['no symptom at all', { ...minimal, symptoms: [] }, 'Please choose at least one, or "None of these"'],
    ['"none" with a symptom', { ...minimal, symptoms: ['none', 'bloating'] }, '"None of these" cannot be chosen together with a symptom'],
    ['an unknown key', { ...minimal, favouriteColour: 'blue' }, 'This quiz does not ask about favouriteColour'],
    ['an area, which this quiz does not ask', { ...minimal, area: 'diet' }, 'This quiz does not ask about area'],
    ['a partner outside a partner quiz', { ...minimal, partner: 'bolton' }, 'This quiz does not ask about partner'],
  ])('refuses %s', (_case, answers, message) => {
    expect(firstMessage(quiz, answers)).toBe(message);
  });

  it("leaves zod's own message for a wrong type, which only a program sends", () => {
    expect(firstMessage(quiz, { ...minimal, goal: 7 })).toBe('Invalid input: expected string, received number');
  });

  it('accepts a date of birth of today (the age check refuses it later, with its own message)', () => {
    expect(firstMessage(quiz, { ...minimal, dateOfBirth: '2026-11-21' })).toBeUndefined();
  });
});

describe('quizAnswersSchema', () => {
  it('is the quiz variant schema, typed for its callers', () => {
    expect(Object.keys(quizAnswersSchema.shape)).toEqual([...quiz.questions]);
    const samples: unknown[] = [
      minimal,
      { ...minimal, symptoms: ['none'] },
      { ...minimal, goal: 'nope' },
      { goal: 'sleep' },
      { ...minimal, extra: 1 },
      { ...minimal, dateOfBirth: '2999-01-01' },
      null,
    ];
    const live = answersSchemaFor(quiz);
    for (const sample of samples) {
      const a = quizAnswersSchema.safeParse(sample);
      const b = live.safeParse(sample);
      expect(a.success, JSON.stringify(sample)).toBe(b.success);
      expect(a.error?.issues.map((issue) => issue.message)).toEqual(b.error?.issues.map((issue) => issue.message));
    }
  });

  it('keeps the messages the web and the API show', () => {
    const result = quizAnswersSchema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please choose a health goal',
      'Please choose an option',
      'Please enter your date of birth',
    ]);
  });
});

describe('answers of the other variants', () => {
  it('needs an area, not a goal, in the base quizzes', () => {
    const base = quizVariants['quiz-base'];
    expect(firstMessage(base, { sex: 'male', dateOfBirth: '1980-01-01' })).toBe('Please choose an area');
    expect(firstMessage(base, { area: 'moon', sex: 'male', dateOfBirth: '1980-01-01' })).toBe('Please choose an area');
    expect(firstMessage(base, { area: 'sleep', sex: 'male', dateOfBirth: '1980-01-01' })).toBeUndefined();
  });

  it('needs how you eat and move in the diet quizzes', () => {
    const diet = quizVariants['quiz-base-diet'];
    const answers = { area: 'diet', diet: 'vegan', activity: 'active', sex: 'female', dateOfBirth: '1985-06-30' };
    expect(firstMessage(diet, answers)).toBeUndefined();
    expect(firstMessage(diet, { ...answers, diet: 'carnivore' })).toBe('Please choose an option');
    expect(firstMessage(diet, { ...answers, activity: undefined })).toBe('Please choose an option');
  });

  it('takes the partner group from the link in partner quizzes only', () => {
    const partners = quizVariants['quiz-base-partners'];
    const answers = { area: 'stress', sleepHours: '5-6', sex: 'male', dateOfBirth: '1975-03-03' };
    expect(firstMessage(partners, answers)).toBeUndefined();
    expect(firstMessage(partners, { ...answers, partner: 'bolton' })).toBeUndefined();
    expect(firstMessage(partners, { ...answers, partner: 'Bolton Inc' })).toBe(
      'This partner link is not valid. Please check the link you were given.',
    );
    expect(firstMessage(partners, { ...answers, sleepHours: '12' })).toBe('Please choose an option');
  });

  it.each([quizVariants['quiz-gift'], quizVariants['quiz-gifting']])('$slug needs no date of birth and takes none', (variant) => {
    const answers = variant.questions.includes('goal') ? { goal: 'sleep', recipientSex: 'male' } : { area: 'sleep', recipientSex: 'male' };
    expect(firstMessage(variant, answers)).toBeUndefined();
    expect(firstMessage(variant, { ...answers, dateOfBirth: '1990-01-01' })).toBe('This quiz does not ask about dateOfBirth');
    expect(firstMessage(variant, { ...answers, sex: 'male' })).toBe('This quiz does not ask about sex');
    expect(firstMessage(variant, { ...answers, recipientSex: undefined })).toBe('Please choose an option');
  });

  it('refuses what is not an object', () => {
    expect(firstMessage(quiz, 'goal=fatigue')).toBe('Please answer the questions');
  });
});

describe('helpers', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1990-13-01', false],
    ['1990-00-10', false],
    ['1990-1-1', false],
    ['1990-01-01T00:00:00Z', false],
  ])('isRealIsoDate(%j) is %s', (value, real) => {
    expect(isRealIsoDate(value)).toBe(real);
  });

  it('reads the partner group from ?partner= or ?group=', () => {
    expect(readPartner({ partner: 'bolton' })).toBe('bolton');
    expect(readPartner({ group: 'TrialMember ' })).toBe('trialmember');
    expect(readPartner({ partner: null, group: 'acme-co' })).toBe('acme-co');
    expect(readPartner({ partner: '<script>', group: null })).toBeUndefined();
    expect(readPartner({})).toBeUndefined();
  });
});

describe('one screen of the quiz', () => {
  const at = () => today;
  it('asks for an answer to a required question, and lets an optional one be skipped', () => {
    expect(quizStepRefusal(getQuestion('goal'), undefined, at)).toBe(QUIZ_UNANSWERED);
    expect(quizStepRefusal(getQuestion('dateOfBirth'), '', at)).toBe('Please answer this question to continue');
    expect(quizStepRefusal(getQuestion('symptoms'), [], at)).toBeUndefined();
  });

  it('checks an answer with the variants’ own rules', () => {
    expect(quizStepRefusal(getQuestion('goal'), 'fatigue', at)).toBeUndefined();
    expect(quizStepRefusal(getQuestion('sex'), 'robot', at)).toBe('Please choose an option');
    expect(quizStepRefusal(getQuestion('dateOfBirth'), '2026-11-22', at)).toBe('Please enter a valid date of birth');
    expect(quizStepRefusal(getQuestion('symptoms'), ['none', 'bloating'], at)).toBe(
      '"None of these" cannot be chosen together with a symptom',
    );
  });
});
