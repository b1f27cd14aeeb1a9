import type { BiomarkerGuidance } from './types.ts';

// Testosterone, DHEA, estradiol and progesterone change with sex, age, the time of day and the
// day of the cycle, so every reason hands the reading to the clinician. What the plan adds is
// sleep, activity and food that steadies blood sugar; no hormone or "booster" is ever suggested.

export const sexHormonesGuidance = {
  testosterone: {
    name: 'testosterone',
    low: {
      reason:
        'testosterone supports sex drive, muscle, mood and energy, and a low level can go with low libido and tiredness. Your clinician reads it with how you feel; good sleep, strength training and balanced meals support it.',
      favour: ['eggs', 'salmon', 'pumpkin-seeds', 'chickpeas', 'spinach', 'olive-oil'],
      limit: ['alcohol', 'ultra-processed'],
      habits: ['sleep-7-9', 'strength-training'],
    },
    high: {
      reason:
        'in women, a high testosterone can point to polycystic ovary syndrome (PCOS), and in anyone it can follow a hormone or supplement; it needs your clinician’s review. Food that keeps blood sugar steady often helps with PCOS.',
      favour: ['lentils', 'oats', 'spinach', 'broccoli', 'salmon', 'walnuts', 'berries'],
      limit: ['sugary-drinks', 'refined-grains', 'sweets'],
      habits: ['move-most-days', 'review-supplements'],
    },
  },
  dhea: {
    name: 'DHEA',
    low: {
      reason:
        'DHEA falls naturally with age, and a low level can go with low libido and energy. Sleep, stress and activity all play a part, and your clinician reads it with your other hormones.',
      habits: ['sleep-7-9', 'unwind', 'strength-training'],
    },
    high: {
      reason:
        'in women, a high DHEA can go with PCOS or excess androgen symptoms such as acne, and it can follow a DHEA supplement; your clinician reads it with your other hormones.',
      habits: ['review-supplements'],
    },
  },
  estradiol: {
    name: 'estradiol',
    low: {
      reason:
        'estradiol changes across the menstrual cycle and falls after menopause; a low level can go with irregular periods, hot flushes and low libido, and eating too little or training very hard can lower it. Enough food, calcium and strength training look after your bones meanwhile.',
      favour: ['greek-yogurt', 'milk', 'fortified-plant-milk', 'tofu', 'edamame', 'sardines', 'kale'],
      habits: ['regular-meals', 'strength-training', 'note-cycle'],
    },
    high: {
      reason:
        'a high estradiol can go with heavy periods and breast tenderness, and it is read against the day of your cycle, so your clinician may want to repeat it. Fibre-rich food and less alcohol are sensible meanwhile.',
      favour: ['lentils', 'oats', 'broccoli', 'brussels-sprouts', 'berries', 'chia-flax'],
      limit: ['alcohol'],
      habits: ['note-cycle', 'move-most-days'],
    },
  },
  progesterone: {
    name: 'progesterone',
    low: {
      reason:
        'progesterone rises after ovulation, and a low level in the second half of the cycle can mean ovulation did not happen; it can go with irregular or heavy periods and poor sleep, and it is naturally low after menopause. Your clinician reads it with the day of your cycle.',
      habits: ['note-cycle', 'regular-bedtime', 'unwind'],
    },
    high: {
      reason:
        'a high progesterone is expected after ovulation and in pregnancy, and can follow a hormone treatment or cream; your clinician reads it with the day of your cycle.',
      habits: ['note-cycle', 'review-supplements'],
    },
  },
} as const satisfies Record<string, BiomarkerGuidance>;
