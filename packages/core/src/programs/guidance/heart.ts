import type { BiomarkerGuidance } from './types.ts';

// The cholesterol panel. The advice is the conventional heart-health one: soluble fibre, oily
// fish and unsaturated fats in, saturated fats, refined carbohydrates and sugar down, activity up.
// A low LDL, a high HDL and low triglycerides call for nothing, and their reason says so.

export const heartGuidance = {
  'total-cholesterol': {
    name: 'total cholesterol',
    low: {
      reason:
        'very low total cholesterol is uncommon and can come with eating too little or an overactive thyroid, so your clinician reads it with your other results. Meanwhile, regular meals with healthy fats make sure you eat enough.',
      favour: ['avocado', 'olive-oil', 'walnuts', 'salmon', 'eggs', 'greek-yogurt', 'wholegrain-bread'],
      habits: ['regular-meals'],
    },
    high: {
      reason:
        'high total cholesterol raises heart risk over the years, and it is best read alongside your LDL and HDL. Soluble fibre, oily fish and fewer saturated fats are the usual first steps, with regular activity.',
      favour: ['oats', 'barley', 'lentils', 'chickpeas', 'walnuts', 'almonds', 'olive-oil', 'salmon', 'apples'],
      limit: ['butter-and-lard', 'cheese-and-cream', 'fatty-meat', 'processed-meat', 'pastries', 'fried-food'],
      habits: ['soluble-fibre-daily', 'move-most-days'],
    },
  },
  ldl: {
    name: 'LDL cholesterol',
    low: {
      reason: 'a low LDL is generally good news, so nothing in your plan changes for it; your clinician reads it with your other results.',
    },
    high: {
      reason:
        'LDL is the cholesterol that can build up in artery walls, and it is one of the main heart risks that food and habits can change. Soluble fibre, oily fish and fewer saturated fats are the usual first steps, with regular activity.',
      favour: ['oats', 'barley', 'lentils', 'black-beans', 'salmon', 'mackerel', 'walnuts', 'almonds', 'olive-oil', 'avocado', 'tofu'],
      limit: ['butter-and-lard', 'cheese-and-cream', 'fatty-meat', 'processed-meat', 'pastries', 'fried-food'],
      habits: ['soluble-fibre-daily', 'move-most-days', 'stop-smoking'],
      supplements: ['plant-sterols'],
    },
  },
  hdl: {
    name: 'HDL cholesterol',
    low: {
      reason:
        'HDL carries excess fat back to the liver, and a low level often goes with inactivity, smoking, extra weight or high blood sugar. Regular activity and unsaturated fats in place of sugar and refined carbohydrates help most.',
      favour: ['olive-oil', 'avocado', 'walnuts', 'almonds', 'salmon', 'mackerel', 'black-beans'],
      limit: ['sugary-drinks', 'refined-grains', 'pastries', 'fried-food'],
      habits: ['move-most-days', 'strength-training', 'stop-smoking'],
    },
    high: {
      reason:
        'a higher HDL is generally linked with lower heart risk, so nothing in your plan changes for it; your clinician reads it with your other results.',
    },
  },
  triglycerides: {
    name: 'triglycerides',
    plural: true,
    low: {
      reason:
        'low triglycerides are rarely a concern, so nothing in your plan changes for them; your clinician reads them with your other results.',
    },
    high: {
      reason:
        'triglycerides rise with sugar, refined carbohydrates and alcohol, and high levels add to heart risk. Cutting back on those, with oily fish and regular activity, usually brings them down.',
      favour: ['salmon', 'sardines', 'mackerel', 'walnuts', 'chia-flax', 'oats', 'lentils', 'broccoli', 'berries', 'olive-oil'],
      limit: ['sugary-drinks', 'sweets', 'pastries', 'refined-grains', 'alcohol'],
      habits: ['swap-sweet-drinks', 'cut-alcohol', 'move-most-days'],
      supplements: ['omega-3'],
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
