import type { FaqEntry, FaqSetName } from './types.ts';
import { genericFaqs, genericQuizFaqs, giftsFaqs, howItWorksFaqs, scienceFaqs } from './faqs-shop.ts';
import { baseDailyFaqs, foodAllergyFaqs, foodSensitivityFaqs, nutritionalPlanFaqs } from './faqs-offers.ts';

/** The storefront's FAQ sets by name; business and providers are kept with the partner pages. */
export const faqSets = {
  generic: genericFaqs,
  'generic-quiz': genericQuizFaqs,
  gifts: giftsFaqs,
  'how-it-works': howItWorksFaqs,
  science: scienceFaqs,
  'food-sensitivity': foodSensitivityFaqs,
  'food-allergy': foodAllergyFaqs,
  'nutritional-plan': nutritionalPlanFaqs,
  'base-daily': baseDailyFaqs,
} as const satisfies Partial<Record<FaqSetName, readonly FaqEntry[]>>;

export type StorefrontFaqSet = keyof typeof faqSets;
