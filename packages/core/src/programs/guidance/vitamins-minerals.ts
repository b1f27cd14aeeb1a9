import type { BiomarkerGuidance } from './types.ts';

// Vitamins D, B9 and B12 and magnesium. A high level of any of them almost always comes from a
// supplement, so its advice is to review what is taken, and the plan then suggests no more of it.

export const vitaminsMineralsGuidance = {
  'vitamin-d': {
    name: 'vitamin D',
    low: {
      reason:
        'low vitamin D is very common, especially in winter, and can go with tiredness, aches and low mood. Your skin makes it in daylight, and a few foods add a little.',
      favour: ['salmon', 'sardines', 'mackerel', 'eggs', 'mushrooms', 'fortified-plant-milk', 'fortified-cereal'],
      habits: ['daylight'],
      supplements: ['vitamin-d'],
    },
    high: {
      reason:
        'a high vitamin D almost always comes from taking too much as a supplement, so your clinician will want to know what you take.',
      habits: ['review-supplements'],
      avoidSupplements: ['vitamin-d'],
    },
  },
  folate: {
    name: 'folate',
    low: {
      reason:
        'folate is a B vitamin your body needs to make healthy red blood cells, and a low level can cause tiredness and a type of anaemia; it matters before and during pregnancy too. Leafy greens, beans and fortified grains are its main sources.',
      favour: [
        'spinach',
        'kale',
        'asparagus',
        'broccoli',
        'brussels-sprouts',
        'lentils',
        'chickpeas',
        'black-beans',
        'oranges',
        'avocado',
        'fortified-cereal',
      ],
      limit: ['alcohol'],
      habits: ['steam-greens'],
      supplements: ['folic-acid'],
    },
    high: {
      reason: 'a high folate usually reflects supplements or fortified foods and is rarely a problem on its own.',
      habits: ['review-supplements'],
      avoidSupplements: ['folic-acid'],
    },
  },
  magnesium: {
    name: 'magnesium',
    low: {
      reason:
        'low magnesium can go with cramps, tiredness and poor sleep, and with some medicines such as acid reflux tablets. Nuts, seeds, beans, whole grains and leafy greens are good sources.',
      favour: [
        'pumpkin-seeds',
        'almonds',
        'spinach',
        'black-beans',
        'quinoa',
        'brown-rice',
        'oats',
        'avocado',
        'bananas',
        'dark-chocolate',
      ],
      limit: ['alcohol'],
      habits: ['review-medicines'],
      supplements: ['magnesium'],
    },
    high: {
      reason:
        'a high magnesium is uncommon and usually comes from supplements, laxatives or antacids, or from the kidneys clearing less of it, so your clinician reads it with your other results.',
      habits: ['review-supplements'],
      avoidSupplements: ['magnesium'],
    },
  },
  'vitamin-b12': {
    name: 'vitamin B12',
    low: {
      reason:
        'vitamin B12 keeps nerves and red blood cells healthy and comes mostly from animal foods; low levels can cause tiredness and brain fog, and are common in vegans, older adults and people on metformin or acid reflux tablets.',
      favour: [
        'salmon',
        'sardines',
        'mussels',
        'eggs',
        'greek-yogurt',
        'milk',
        'fortified-plant-milk',
        'fortified-cereal',
        'nutritional-yeast',
      ],
      habits: ['review-medicines'],
      supplements: ['vitamin-b12'],
    },
    high: {
      reason:
        'a high B12 usually reflects supplements or injections and is rarely a problem on its own; if you take none, your clinician may want to look further.',
      habits: ['review-supplements'],
      avoidSupplements: ['vitamin-b12'],
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
