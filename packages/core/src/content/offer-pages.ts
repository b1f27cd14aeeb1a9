import { BASE_DAILY_TEST_DISCOUNT_PERCENT } from '../catalog/products.ts';
import {
  COMPLETE_BUNDLE_KIT_COUNT,
  COMPLETE_BUNDLE_TEST_COUNT,
  FOOD_ALLERGY_ALLERGEN_COUNT,
  FOOD_SENSITIVITY_FOOD_COUNT,
  NUTRITIONAL_PLAN_REVIEW_HOURS,
} from '../catalog/constants.ts';
import { timings } from './shared-text.ts';

/** A titled point of a page: a feature, a step, a reason. */
export interface Point {
  title: string;
  text: string;
}

/** The copy of a page that sells one offer; the price is read from the catalog by the page. */
export interface OfferPage {
  /** for the title tag and the meta description */
  title: string;
  description: string;
  headline: string;
  intro: string;
  points: readonly Point[];
}

export const offerPages = {
  complete: {
    title: 'Complete testing plan: all 8 tests',
    description: `All ${COMPLETE_BUNDLE_TEST_COUNT} tests in ${COMPLETE_BUNDLE_KIT_COUNT} kits: diet, stress, sleep, energy and sex drive at once.`,
    headline: 'The Complete testing plan',
    intro: `Every test we offer, ${COMPLETE_BUNDLE_TEST_COUNT} tests in ${COMPLETE_BUNDLE_KIT_COUNT} kits, for people who want the whole picture at once rather than one area at a time.`,
    points: [
      { title: 'Every area covered', text: 'Diet, stress, sleep, energy and sex drive, so one result can be read with the others.' },
      {
        title: 'Three kits, one plan',
        text: 'One finger-prick fills all the blood tests; two saliva kits cover the daily rhythm and the hormones.',
      },
      { title: 'Results together', text: 'Your report and your plan look at all the results together, not one test at a time.' },
    ],
  },
  foodAllergy: {
    title: 'Food allergy test (IgE)',
    description: `IgE antibodies to ${FOOD_ALLERGY_ALLERGEN_COUNT} allergens from a finger-prick at home.`,
    headline: 'Food allergy test',
    intro: `Measures IgE antibodies to ${FOOD_ALLERGY_ALLERGEN_COUNT} common allergens. IgE is behind fast reactions such as hives, itching or swelling that come on minutes to hours after eating.`,
    points: [
      {
        title: `${FOOD_ALLERGY_ALLERGEN_COUNT} allergens`,
        text: 'Common foods such as milk, egg, peanut, tree nuts, wheat, soy, fish and shellfish, and common airborne allergens.',
      },
      {
        title: 'Read with your symptoms',
        text: 'A positive IgE shows sensitisation, not always an allergy. Your report explains the difference and when to see an allergist.',
      },
      { title: 'From a finger-prick', text: `Collect at home; results ${timings.resultsAfterLab} after the lab receives your sample.` },
    ],
  },
  foodSensitivity: {
    title: 'Food sensitivity test (IgG)',
    description: `IgG reactions to ${FOOD_SENSITIVITY_FOOD_COUNT} foods, graded class 0 to 3, to guide an elimination diet.`,
    headline: 'Food sensitivity test',
    intro: `Measures IgG reactions to ${FOOD_SENSITIVITY_FOOD_COUNT} foods, graded from class 0 to class 3. It is a guide for an elimination diet, not an allergy test: it tells you which foods to try leaving out first.`,
    points: [
      { title: `${FOOD_SENSITIVITY_FOOD_COUNT} foods`, text: 'Dairy, grains, meat, fish, fruit, vegetables, nuts, seeds and spices.' },
      {
        title: 'Classes 0 to 3',
        text: 'Class 0 is no reaction measured; 1, 2 and 3 are low, moderate and high. Higher classes go first in your elimination plan.',
      },
      {
        title: 'An elimination plan',
        text: 'Leave the flagged foods out for a few weeks, then bring them back one at a time and note how you feel.',
      },
    ],
  },
  nutritionalPlan: {
    title: 'Nutritional plan from your labs',
    description: `Send the lab results you already have; a nutritionist reviews them within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours.`,
    headline: 'A nutritional plan from the labs you already have',
    intro: `Already had blood work done? Upload the report and a nutritionist turns it into a plan you can follow, reviewed within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours.`,
    points: [
      { title: 'Upload your report', text: 'A PDF or a clear photo of a blood test from any lab.' },
      { title: `Reviewed within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours`, text: 'A nutritionist reads every marker and your goal.' },
      { title: 'Your plan in the app', text: 'Foods to eat more and less of, meal ideas and a shopping list.' },
    ],
  },
  baseDaily: {
    title: 'Base Daily: meal plans, food logger and 5% off tests',
    description: 'Daily meal plans, a food logger, the products marketplace and 5% off tests. Cancel any time in your account.',
    headline: 'Base Daily',
    intro: 'The app that keeps your plan going every day: what to eat, what you ate, what to buy, and a discount on every test.',
    points: [
      { title: 'Daily meal plans', text: 'Breakfast, lunch and dinner for your goal, with a shopping list.' },
      { title: 'Food logger', text: 'Log a meal in seconds and see how eating lines up with how you feel.' },
      { title: 'Products marketplace', text: 'Foods and supplements our nutritionists chose, in one place.' },
      { title: `${BASE_DAILY_TEST_DISCOUNT_PERCENT}% off tests`, text: 'Every test costs less while you are a member.' },
    ],
  },
} as const satisfies Record<string, OfferPage>;
