import type { BiomarkerGuidance } from './types.ts';

// The Sugar & Inflammation test. A raised hs-CRP is often a passing infection, so the plan asks
// for a repeat before anything else; a high HbA1c is for the clinician to confirm, and the food
// advice only supports that.

export const sugarInflammationGuidance = {
  'hs-crp': {
    name: 'hs-CRP',
    low: {
      reason: 'a low hs-CRP is what you want, so nothing in your plan changes for it.',
    },
    high: {
      reason:
        'CRP rises with inflammation somewhere in the body, from long-term, low-grade inflammation to a recent cold or injury, so a single high result is worth repeating. A Mediterranean style of eating, with oily fish, vegetables, beans and olive oil, is a sensible step either way.',
      favour: ['salmon', 'sardines', 'berries', 'spinach', 'kale', 'broccoli', 'tomatoes', 'olive-oil', 'walnuts', 'lentils', 'oats'],
      limit: ['processed-meat', 'ultra-processed', 'sugary-drinks', 'fried-food', 'alcohol'],
      habits: ['repeat-when-well', 'sleep-7-9', 'move-most-days'],
    },
  },
  hba1c: {
    name: 'HbA1c',
    low: {
      reason:
        'a low HbA1c is uncommon and usually says more about your blood itself, such as anaemia or recent blood loss, than about food, so your clinician reads it with your other results.',
    },
    high: {
      reason:
        'HbA1c is your average blood sugar over the last two to three months, and a result above range can point to prediabetes or diabetes, which your clinician will want to confirm. Fibre, protein at each meal and fewer sugary foods help keep blood sugar steady.',
      favour: [
        'lentils',
        'chickpeas',
        'black-beans',
        'oats',
        'barley',
        'quinoa',
        'spinach',
        'broccoli',
        'almonds',
        'eggs',
        'greek-yogurt',
        'berries',
      ],
      limit: ['sugary-drinks', 'sweets', 'pastries', 'refined-grains'],
      habits: ['fill-half-plate', 'walk-after-meals', 'move-most-days', 'swap-sweet-drinks'],
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
