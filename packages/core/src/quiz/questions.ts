import { goals } from '../catalog/goals.ts';

/**
 * The question bank every quiz variant draws from. A variant lists question ids in the order it
 * asks them (variants.ts) and may reword a title (gift quizzes speak of "them"); the answers
 * schema (answers.ts) checks answers against the same option values.
 */
export const questionIds = ['goal', 'area', 'symptoms', 'sex', 'dateOfBirth', 'diet', 'activity', 'sleepHours', 'recipientSex'] as const;
export type QuestionId = (typeof questionIds)[number];

export const sexValues = ['female', 'male', 'other'] as const;
export type Sex = (typeof sexValues)[number];

export const symptomValues = [
  'tiredness',
  'poor-sleep',
  'bloating',
  'low-libido',
  'brain-fog',
  'anxiety',
  'weight-gain',
  'irregular-periods',
  'none',
] as const;
export type Symptom = (typeof symptomValues)[number];
/** the answer that excludes every other symptom */
export const NO_SYMPTOMS = 'none' satisfies Symptom;

export const dietValues = ['omnivore', 'vegetarian', 'vegan', 'pescatarian', 'low-carb', 'other'] as const;
export type Diet = (typeof dietValues)[number];

export const activityValues = ['mostly-sitting', 'lightly-active', 'active', 'very-active'] as const;
export type Activity = (typeof activityValues)[number];

export const sleepHoursValues = ['under-5', '5-6', '7-8', 'over-8'] as const;
export type SleepHours = (typeof sleepHoursValues)[number];

export interface QuestionOption {
  value: string;
  label: string;
}

interface QuestionBase {
  id: QuestionId;
  /** what the visitor reads: second person, warm and short */
  title: string;
  help?: string;
  /** the visitor may skip it; the answers schema then accepts the key missing */
  optional?: boolean;
}

export interface ChoiceQuestion extends QuestionBase {
  kind: 'single' | 'multi';
  options: readonly QuestionOption[];
}

export interface DateQuestion extends QuestionBase {
  kind: 'date';
}

export type Question = ChoiceQuestion | DateQuestion;

const sexLabels: Record<Sex, string> = { female: 'Female', male: 'Male', other: 'Other / prefer not to say' };
const sexOptions = sexValues.map((value) => ({ value, label: sexLabels[value] }));

export const questions: Readonly<Record<QuestionId, Question>> = {
  goal: {
    id: 'goal',
    kind: 'single',
    title: 'What would you most like to improve?',
    options: goals.map((goal) => ({ value: goal.slug, label: goal.name })),
  },
  area: {
    id: 'area',
    kind: 'single',
    title: 'Which part of your health would you like to work on first?',
    options: [
      { value: 'diet', label: 'Diet and weight' },
      { value: 'stress', label: 'Stress and mood' },
      { value: 'sleep', label: 'Sleep' },
      { value: 'energy', label: 'Energy and focus' },
      { value: 'sex-drive', label: 'Sex drive and hormones' },
    ],
  },
  symptoms: {
    id: 'symptoms',
    kind: 'multi',
    title: 'Have you noticed any of these lately?',
    help: 'Choose all that apply. They help us pick the right test.',
    optional: true,
    options: [
      { value: 'tiredness', label: 'Tiredness or low energy' },
      { value: 'poor-sleep', label: 'Poor sleep' },
      { value: 'bloating', label: 'Bloating' },
      { value: 'low-libido', label: 'Low sex drive' },
      { value: 'brain-fog', label: 'Brain fog or poor focus' },
      { value: 'anxiety', label: 'Anxiety or low mood' },
      { value: 'weight-gain', label: 'Weight gain' },
      { value: 'irregular-periods', label: 'Irregular periods' },
      { value: 'none', label: 'None of these' },
    ],
  },
  sex: {
    id: 'sex',
    kind: 'single',
    title: 'What was your sex at birth?',
    help: 'Reference ranges for some biomarkers depend on it.',
    options: sexOptions,
  },
  dateOfBirth: {
    id: 'dateOfBirth',
    kind: 'date',
    title: 'When were you born?',
    help: 'Testing is for adults 18 and older.',
  },
  diet: {
    id: 'diet',
    kind: 'single',
    title: 'How do you usually eat?',
    options: [
      { value: 'omnivore', label: 'I eat everything' },
      { value: 'vegetarian', label: 'Vegetarian' },
      { value: 'vegan', label: 'Vegan' },
      { value: 'pescatarian', label: 'Pescatarian' },
      { value: 'low-carb', label: 'Keto or low-carb' },
      { value: 'other', label: 'Something else' },
    ],
  },
  activity: {
    id: 'activity',
    kind: 'single',
    title: 'How active are you in a typical week?',
    options: [
      { value: 'mostly-sitting', label: 'Mostly sitting' },
      { value: 'lightly-active', label: 'Lightly active: walks and the odd stairs' },
      { value: 'active', label: 'Active: exercise 2–3 times a week' },
      { value: 'very-active', label: 'Very active: exercise most days' },
    ],
  },
  sleepHours: {
    id: 'sleepHours',
    kind: 'single',
    title: 'How many hours do you sleep on most nights?',
    options: [
      { value: 'under-5', label: 'Less than 5 hours' },
      { value: '5-6', label: '5–6 hours' },
      { value: '7-8', label: '7–8 hours' },
      { value: 'over-8', label: 'More than 8 hours' },
    ],
  },
  recipientSex: {
    id: 'recipientSex',
    kind: 'single',
    title: 'What was their sex at birth?',
    help: 'Reference ranges for some biomarkers depend on it, so the lab needs to know.',
    options: sexOptions,
  },
};

export function isQuestionId(value: string): value is QuestionId {
  return (questionIds as readonly string[]).includes(value);
}

export function getQuestion(id: QuestionId): Question {
  return questions[id];
}
