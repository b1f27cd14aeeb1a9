import type { BiomarkerGuidance } from './types.ts';

// Cortisol and melatonin, each sampled three times across a day. Their levers are mostly habits
// (light, a regular bedtime, caffeine and alcohol), so the food lists are short.

export const dailyRhythmGuidance = {
  cortisol: {
    name: 'cortisol',
    low: {
      reason:
        'cortisol is your main stress hormone, and a low level can go with long-term stress or poor sleep; a level that stays very low needs your clinician to rule out a gland problem. Regular meals, morning light and a steady sleep routine support your daily rhythm.',
      favour: ['oats', 'eggs', 'wholegrain-bread', 'lentils', 'almonds', 'bananas'],
      habits: ['regular-meals', 'morning-daylight', 'regular-bedtime'],
    },
    high: {
      reason:
        'cortisol is your main stress hormone, and a high level can go with long-term stress and poor sleep; a level that stays very high needs your clinician to rule out a gland problem. Regular meals, less caffeine and time to wind down help.',
      favour: ['oats', 'salmon', 'spinach', 'berries', 'walnuts', 'greek-yogurt', 'herbal-tea'],
      limit: ['late-caffeine', 'alcohol', 'sugary-drinks'],
      habits: ['unwind', 'regular-bedtime', 'dim-lights-evening', 'regular-meals'],
    },
  },
  melatonin: {
    name: 'melatonin',
    low: {
      reason:
        'melatonin rises in the evening to prepare you for sleep, and a low or late rise can go with trouble falling asleep, late screens and bright light at night, or shift work. Light in the morning, dim light in the evening and a regular bedtime help most.',
      favour: ['kiwi', 'walnuts', 'oats', 'herbal-tea'],
      limit: ['late-caffeine', 'alcohol'],
      habits: ['dim-lights-evening', 'morning-daylight', 'regular-bedtime'],
      supplements: ['melatonin'],
    },
    high: {
      reason:
        'a high melatonin often follows a supplement taken before the sample or a sample collected at another time than the kit says, and is rarely a concern on its own.',
      habits: ['review-supplements', 'retest-sampling'],
      avoidSupplements: ['melatonin'],
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
