import { getQuestion, type Question, type QuestionId } from './questions.ts';

/** Every quiz route of the specification §2, by slug (the route is `/${slug}`). */
export const quizVariantSlugs = [
  'quiz',
  'quiz-b',
  'quiz-c',
  'quiz-base',
  'quiz-base-b',
  'quiz-base-c',
  'quiz-base-diet',
  'quiz-base-diet-b',
  'quiz-base-diet-c',
  'quiz-base-partners',
  'quiz-base-partners-b',
  'quiz-gift',
  'quiz-gifting',
] as const;
export type QuizVariantSlug = (typeof quizVariantSlugs)[number];

export type QuizAudience = 'consumer' | 'diet' | 'partner' | 'gift';
export type QuizPresentation = 'cards' | 'list' | 'compact';

export const quizResultsPaths = ['/quiz-results', '/quiz-results-b', '/quiz-results-c', '/quiz-results-d'] as const;
export type QuizResultsPath = (typeof quizResultsPaths)[number];

export interface QuizVariant {
  slug: QuizVariantSlug;
  audience: QuizAudience;
  heading: string;
  intro: string;
  /** asked in this order */
  questions: readonly QuestionId[];
  presentation: QuizPresentation;
  resultsPath: QuizResultsPath;
  /** question titles reworded for this variant (gift quizzes speak of "them") */
  titles?: Partial<Record<QuestionId, string>>;
  /**
   * The variant belongs to a partner or employer group. The group is not a question: the web
   * reads it from the link (`?partner=` or `?group=`, see readPartner) and sends it as
   * `answers.partner`.
   */
  requiresPartner?: boolean;
}

// Gift quizzes are answered by the purchaser about someone else.
const giftTitles: Partial<Record<QuestionId, string>> = {
  goal: 'What would they most like to improve?',
  area: 'Which part of their health would they like to work on?',
  symptoms: 'Have they mentioned any of these lately?',
};

// Results pages: the letter follows the quiz's letter; the diet quizzes share /quiz-results-d,
// which leads with the nutrition plan; gift quizzes use /quiz-results with the engine's
// "for them" title.
export const quizVariants: Readonly<Record<QuizVariantSlug, QuizVariant>> = {
  quiz: {
    slug: 'quiz',
    audience: 'consumer',
    heading: 'Find your starter test',
    intro: 'Tell us what you would like to improve and we will match you with the test to start with.',
    questions: ['goal', 'symptoms', 'sex', 'dateOfBirth'],
    presentation: 'cards',
    resultsPath: '/quiz-results',
  },
  'quiz-b': {
    slug: 'quiz-b',
    audience: 'consumer',
    heading: 'How have you been feeling?',
    intro: 'Start with how you feel. We will turn your answers into one test to start with.',
    questions: ['symptoms', 'goal', 'sex', 'dateOfBirth'],
    presentation: 'list',
    resultsPath: '/quiz-results-b',
  },
  'quiz-c': {
    slug: 'quiz-c',
    audience: 'consumer',
    heading: 'Your starter test in three taps',
    intro: 'Three quick questions, one recommended test.',
    questions: ['goal', 'sex', 'dateOfBirth'],
    presentation: 'compact',
    resultsPath: '/quiz-results-c',
  },
  'quiz-base': {
    slug: 'quiz-base',
    audience: 'consumer',
    heading: 'Where should we start?',
    intro: 'Pick an area of your health and we will recommend the test that tells you most about it.',
    questions: ['area', 'symptoms', 'sex', 'dateOfBirth'],
    presentation: 'cards',
    resultsPath: '/quiz-results',
  },
  'quiz-base-b': {
    slug: 'quiz-base-b',
    audience: 'consumer',
    heading: 'Build your testing plan',
    intro: 'Choose an area, tell us a little about yourself, and we will do the rest.',
    questions: ['area', 'sex', 'dateOfBirth', 'symptoms'],
    presentation: 'list',
    resultsPath: '/quiz-results-b',
  },
  'quiz-base-c': {
    slug: 'quiz-base-c',
    audience: 'consumer',
    heading: 'Start with one area',
    intro: 'Three quick questions, one starter test.',
    questions: ['area', 'sex', 'dateOfBirth'],
    presentation: 'compact',
    resultsPath: '/quiz-results-c',
  },
  'quiz-base-diet': {
    slug: 'quiz-base-diet',
    audience: 'diet',
    heading: 'Eat for your body',
    intro: 'Tell us how you eat and move, and we will find the test your nutrition plan is built on.',
    questions: ['area', 'diet', 'activity', 'symptoms', 'sex', 'dateOfBirth'],
    presentation: 'cards',
    resultsPath: '/quiz-results-d',
  },
  'quiz-base-diet-b': {
    slug: 'quiz-base-diet-b',
    audience: 'diet',
    heading: 'How do you eat today?',
    intro: 'Start with your habits. We will recommend a test and a nutrition plan built on its results.',
    questions: ['diet', 'activity', 'area', 'symptoms', 'sex', 'dateOfBirth'],
    presentation: 'list',
    resultsPath: '/quiz-results-d',
  },
  'quiz-base-diet-c': {
    slug: 'quiz-base-diet-c',
    audience: 'diet',
    heading: 'Your nutrition starter test',
    intro: 'A few quick questions about how you eat and move.',
    questions: ['area', 'diet', 'activity', 'sex', 'dateOfBirth'],
    presentation: 'compact',
    resultsPath: '/quiz-results-d',
  },
  'quiz-base-partners': {
    slug: 'quiz-base-partners',
    audience: 'partner',
    heading: 'Your health check, through work',
    intro: 'Offered through your employer or partner. Tell us where you would like to start.',
    questions: ['area', 'symptoms', 'sleepHours', 'sex', 'dateOfBirth'],
    presentation: 'cards',
    resultsPath: '/quiz-results',
    requiresPartner: true,
  },
  'quiz-base-partners-b': {
    slug: 'quiz-base-partners-b',
    audience: 'partner',
    heading: 'Start your health check',
    intro: 'A few questions about your sleep and your routine, offered through your employer or partner.',
    questions: ['area', 'sleepHours', 'activity', 'sex', 'dateOfBirth'],
    presentation: 'list',
    resultsPath: '/quiz-results-b',
    requiresPartner: true,
  },
  // Gift quizzes never ask a date of birth: the recipient's age is checked when the gift is redeemed.
  'quiz-gift': {
    slug: 'quiz-gift',
    audience: 'gift',
    heading: 'Find the right gift test',
    intro: 'Tell us what they would like to improve and we will pick the starter test to give.',
    questions: ['goal', 'recipientSex'],
    presentation: 'cards',
    resultsPath: '/quiz-results',
    titles: giftTitles,
  },
  'quiz-gifting': {
    slug: 'quiz-gifting',
    audience: 'gift',
    heading: 'Give the gift of knowing',
    intro: 'Choose the part of their health they care about and we will find the test to give.',
    questions: ['area', 'symptoms', 'recipientSex'],
    presentation: 'list',
    resultsPath: '/quiz-results',
    titles: giftTitles,
  },
};

export function isQuizVariantSlug(value: string): value is QuizVariantSlug {
  return Object.hasOwn(quizVariants, value);
}

export function findQuizVariant(slug: string): QuizVariant | undefined {
  return isQuizVariantSlug(slug) ? quizVariants[slug] : undefined;
}

/** The variant's questions, in order, with its reworded titles applied. */
export function variantQuestions(variant: QuizVariant): Question[] {
  return variant.questions.map((id) => {
    const question = getQuestion(id);
    const title = variant.titles?.[id];
    return title === undefined ? question : { ...question, title };
  });
}

/** The questions a visitor must answer before the variant can recommend a test. */
export function requiredQuestions(variant: QuizVariant): QuestionId[] {
  return variant.questions.filter((id) => getQuestion(id).optional !== true);
}
