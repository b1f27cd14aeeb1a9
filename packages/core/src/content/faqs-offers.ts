import { BASE_DAILY_TEST_DISCOUNT_PERCENT } from '../catalog/products.ts';
import { FOOD_ALLERGY_ALLERGEN_COUNT, FOOD_SENSITIVITY_FOOD_COUNT, NUTRITIONAL_PLAN_REVIEW_HOURS } from '../catalog/constants.ts';
import type { FaqEntry } from './types.ts';
import { price, timings } from './shared-text.ts';

export const foodSensitivityFaqs: readonly FaqEntry[] = [
  {
    question: 'Is a food sensitivity the same as a food allergy?',
    answer:
      'No. An allergy is an IgE reaction of the immune system that can be fast and dangerous. This test measures IgG, a slower antibody response. IgG to a food shows that you have been eating it; a high level is not a diagnosis of intolerance. We use it to choose which foods to try removing first in an elimination diet.',
  },
  {
    question: 'What do the classes 0 to 3 mean?',
    answer:
      'Class 0 means no IgG reaction was measured; classes 1, 2 and 3 mean a low, moderate and high reaction. Higher-class foods are the first ones to leave out for a few weeks and then bring back one at a time, noting how you feel.',
  },
  {
    question: 'How many foods are tested?',
    answer: `${FOOD_SENSITIVITY_FOOD_COUNT} common foods, from dairy and grains to fruit, vegetables, meat, fish and nuts.`,
  },
  {
    question: 'Should I stop eating foods before the test?',
    answer: 'No. Keep eating as usual: IgG only forms against foods you eat, so avoiding a food beforehand can hide it.',
  },
  {
    question: 'Can I do this test if I have a known allergy?',
    answer:
      'Yes, but never reintroduce a food you are allergic to because of this result. Talk to your doctor about any food that has caused swelling, hives or trouble breathing.',
  },
];

export const foodAllergyFaqs: readonly FaqEntry[] = [
  {
    question: 'What does the food allergy test measure?',
    answer: `IgE antibodies to ${FOOD_ALLERGY_ALLERGEN_COUNT} common food and environmental allergens, from a finger-prick.`,
  },
  {
    question: 'If the test finds IgE, am I allergic?',
    answer:
      'Not necessarily. IgE shows that your immune system is sensitised to something; an allergy means you also react when you meet it. Read the result with your symptoms, and see an allergist before cutting out a major food group.',
  },
  {
    question: 'Can the test tell me a food is safe?',
    answer:
      'No test can promise that. If you have had a severe reaction to a food, keep avoiding it and follow your doctor’s advice whatever the result.',
  },
  {
    question: 'How is it different from the food sensitivity test?',
    answer:
      'The allergy test looks for IgE, the antibody behind fast reactions such as hives or swelling. The sensitivity test looks for IgG, which guides an elimination diet for slower symptoms such as bloating.',
  },
  {
    question: 'How long do results take?',
    answer: `${timings.resultsAfterLab} after the lab receives your sample.`,
  },
];

export const nutritionalPlanFaqs: readonly FaqEntry[] = [
  {
    question: 'What do I need to send?',
    answer: 'A recent blood test report from any lab, as a PDF or a clear photo. Reports from the last 6 months give the most useful plan.',
  },
  {
    question: 'How soon will I get my plan?',
    answer: `A nutritionist reviews your labs within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours and your plan appears in the app.`,
  },
  {
    question: 'What is in the plan?',
    answer: 'What your results say in plain words, the foods to eat more and less of, meal ideas and a shopping list for the weeks ahead.',
  },
  {
    question: 'How much does it cost?',
    answer: `${price('nutritional-plan')}, paid once.`,
  },
  {
    question: 'What if my report is missing something?',
    answer: 'The nutritionist works with what is there and tells you which test would fill the gap; you are never made to buy one.',
  },
];

export const baseDailyFaqs: readonly FaqEntry[] = [
  {
    question: 'What is Base Daily?',
    answer: 'Our app subscription: daily meal plans, a food logger, the products marketplace and a discount on tests.',
  },
  {
    question: 'How much does it cost?',
    answer: `${price('base-daily')} per month.`,
  },
  {
    question: 'How do I cancel?',
    answer: 'Any time, in the app, in two taps. You keep access until the end of the month you paid for.',
  },
  {
    question: 'How does the test discount work?',
    answer: `While you are a member, every test costs ${BASE_DAILY_TEST_DISCOUNT_PERCENT}% less at checkout.`,
  },
  {
    question: 'Do I need a test to use it?',
    answer: 'No. The meal plans and the logger work on their own; with a test, they follow your results.',
  },
];
