import type { BiomarkerGuidance } from './types.ts';

// Ferritin (the store) and iron (what circulates now) are read together. Low: iron-rich foods
// with vitamin C, tea and coffee away from meals. High: no extra iron until a clinician has looked,
// which is why a high result takes iron off the supplements another result might suggest.

const lowIron = {
  favour: [
    'red-meat',
    'lentils',
    'chickpeas',
    'tofu',
    'spinach',
    'pumpkin-seeds',
    'mussels',
    'fortified-cereal',
    'bell-peppers',
    'oranges',
    'kiwi',
    'broccoli',
  ],
  limit: ['tea-coffee-with-meals'],
  habits: ['vitamin-c-with-iron'],
  supplements: ['iron'],
} as const;

const highIron = {
  limit: ['red-meat', 'fortified-cereal', 'alcohol'],
  habits: ['no-extra-iron', 'review-supplements'],
  avoidSupplements: ['iron'],
} as const;

export const ironGuidance = {
  ferritin: {
    name: 'ferritin',
    low: {
      reason:
        'ferritin is your body’s store of iron, and a low level is a common, fixable cause of tiredness, hair loss and poor concentration. Iron-rich foods are absorbed best with vitamin C, and away from tea and coffee.',
      ...lowIron,
    },
    high: {
      reason:
        'a high ferritin can come from inflammation, liver strain or, less often, iron overload, so it needs a closer look from your clinician; until then, it makes sense not to add extra iron.',
      ...highIron,
    },
  },
  iron: {
    name: 'iron',
    low: {
      reason:
        'the iron in your blood changes with meals and the time of day, so it is read together with your ferritin; low iron with low ferritin points to low iron stores. Iron-rich foods are absorbed best with vitamin C, and away from tea and coffee.',
      ...lowIron,
    },
    high: {
      reason:
        'a high iron can follow a supplement or an iron-rich meal before the test and, rarely, an inherited overload condition, so your clinician reads it with your ferritin; until then, it makes sense not to add extra iron.',
      ...highIron,
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
