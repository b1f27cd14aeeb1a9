import type { AreaSlug } from '../catalog/areas.ts';
import type { GoalSlug } from '../catalog/goals.ts';
import type { Guidance } from './guidance/types.ts';
import type { HabitId } from './habits.ts';

// A member whose results are all in range still chose a goal and an area in the quiz: these
// habits make their plan about what they came for, and join the ones their results bring.

export const goalHabits: Readonly<Record<GoalSlug, readonly HabitId[]>> = {
  'weight-management': ['fill-half-plate', 'eat-slowly', 'swap-sweet-drinks'],
  fatigue: ['regular-bedtime', 'regular-meals', 'morning-daylight'],
  'brain-fog': ['sleep-7-9', 'hydrate', 'regular-meals'],
  'anxiety-depression': ['unwind', 'move-most-days', 'morning-daylight'],
  'heart-health': ['move-most-days', 'soluble-fibre-daily', 'stop-smoking'],
  'womens-health': ['note-cycle', 'strength-training'],
  bloating: ['eat-slowly', 'fibre-gradually', 'hydrate'],
  sleep: ['regular-bedtime', 'dim-lights-evening', 'morning-daylight'],
};

export const areaHabits: Readonly<Record<AreaSlug, readonly HabitId[]>> = {
  diet: ['cook-at-home', 'fill-half-plate'],
  stress: ['unwind', 'move-most-days'],
  sleep: ['regular-bedtime', 'dim-lights-evening'],
  energy: ['regular-meals', 'move-most-days'],
  'sex-drive': ['sleep-7-9', 'strength-training'],
};

/**
 * The plan of a member with nothing to correct: everyday eating that keeps results where they
 * are, so the shopping lists and meal plans still have something to work from.
 */
export const generalGuidance = {
  title: 'Keep doing what works',
  reasons: {
    allInRange: 'All your results were within range. Your plan keeps to the everyday eating and habits that help keep them there.',
    nothingToChange:
      'Your results outside their range call for no change in what you eat, so your plan keeps to the everyday eating and habits that help keep the others within range.',
    noResults: 'Your plan keeps to the everyday eating and habits that suit most people; once your results are in, it follows them.',
  },
  favour: [
    'spinach',
    'broccoli',
    'berries',
    'apples',
    'lentils',
    'chickpeas',
    'oats',
    'quinoa',
    'salmon',
    'eggs',
    'greek-yogurt',
    'walnuts',
    'olive-oil',
  ],
  limit: ['sugary-drinks', 'processed-meat', 'ultra-processed'],
  habits: ['fill-half-plate', 'move-most-days', 'sleep-7-9'],
} as const satisfies Omit<Guidance, 'reason'> & { title: string; reasons: Record<string, string> };
