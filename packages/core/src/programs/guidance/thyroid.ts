import type { BiomarkerGuidance } from './types.ts';

// TSH, free T4 and free T3 point to an underactive or an overactive thyroid, which only a
// clinician treats. Food supports and does not treat: enough iodine from ordinary foods, no kelp
// or iodine pills on a hunch, and notes on how you feel for the appointment.

const underactive = {
  favour: ['salmon', 'sardines', 'eggs', 'greek-yogurt', 'milk', 'brussels-sprouts', 'berries'],
  habits: ['note-symptoms', 'no-kelp', 'regular-meals'],
} as const;

const overactive = {
  favour: ['greek-yogurt', 'milk', 'salad-leaves', 'oats', 'bananas'],
  limit: ['caffeine', 'kelp'],
  habits: ['note-symptoms', 'no-kelp'],
} as const;

export const thyroidGuidance = {
  tsh: {
    name: 'TSH',
    low: {
      reason:
        'TSH is the signal your brain sends to the thyroid, and a low level usually means the thyroid is overactive, which can go with anxiety, weight loss or a racing heart. It needs your clinician’s review; meanwhile, go easy on caffeine.',
      ...overactive,
    },
    high: {
      reason:
        'TSH is the signal your brain sends to the thyroid, and a high level usually means the thyroid is underactive, which can go with tiredness, weight gain and feeling cold. It needs your clinician’s review; food supports treatment but does not replace it.',
      ...underactive,
    },
  },
  'free-t4': {
    name: 'free T4',
    low: {
      reason:
        'free T4 is the main hormone the thyroid makes, and a low level, especially with a high TSH, points to an underactive thyroid. It needs your clinician’s review; food supports treatment but does not replace it.',
      ...underactive,
    },
    high: {
      reason:
        'free T4 is the main hormone the thyroid makes, and a high level, especially with a low TSH, points to an overactive thyroid. It needs your clinician’s review; meanwhile, go easy on caffeine.',
      ...overactive,
    },
  },
  'free-t3': {
    name: 'free T3',
    low: {
      reason:
        'free T3 is the active thyroid hormone, and a low level can go with an underactive thyroid, an illness or strict dieting. Your clinician reads it with your TSH and free T4; regular, sufficient meals help.',
      ...underactive,
    },
    high: {
      reason:
        'free T3 is the active thyroid hormone, and a high level can go with an overactive thyroid. Your clinician reads it with your TSH and free T4; meanwhile, go easy on caffeine.',
      ...overactive,
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
