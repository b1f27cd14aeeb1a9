/** The app pages of /app/{feature}: what each part of the app does, prompting to download it. */
export const appFeatureSlugs = ['results', 'recommendations', 'meal-plans', 'food-logger', 'progress'] as const;
export type AppFeatureSlug = (typeof appFeatureSlugs)[number];

export interface AppFeature {
  slug: AppFeatureSlug;
  title: string;
  /** one line for cards */
  summary: string;
  body: readonly string[];
  /** where members use it on the web too, when they can */
  web?: { label: string; path: string };
}

export const appFeatures: readonly AppFeature[] = [
  {
    slug: 'results',
    title: 'Your results, explained',
    summary: 'Every marker in plain words, with its range and what it means for you.',
    body: [
      'When the lab has finished, your results appear in the app with each marker’s value, the lab’s reference range and a short explanation.',
      'Markers outside their range are flagged, and our clinicians add a note when a result needs a doctor’s attention.',
    ],
  },
  {
    slug: 'recommendations',
    title: 'Recommendations for your results',
    summary: 'What to eat, how to move and sleep: chosen from your numbers.',
    body: [
      'The app turns your results and quiz answers into a short list of changes, starting with the ones most likely to help.',
      'As you retest, the recommendations update to what your new results show.',
    ],
  },
  {
    slug: 'meal-plans',
    title: 'Daily meal plans',
    summary: 'Simple meals for your goal, with a shopping list.',
    body: [
      'Each day the app suggests breakfast, lunch and dinner that fit your results and your tastes, with a shopping list for the week.',
      'Swap any meal you do not fancy; the plan keeps the balance.',
    ],
    web: { label: 'Base Daily members: today’s meals on the web', path: '/account/daily' },
  },
  {
    slug: 'food-logger',
    title: 'Food logger',
    summary: 'Log what you eat in seconds and see the pattern.',
    body: [
      'Snap or search a meal to log it. Over a few weeks the logger shows how your eating lines up with how you feel.',
      'Your coach sees your log if you choose to share it, so sessions start from facts.',
    ],
    web: { label: 'Base Daily members: your food log on the web', path: '/account/daily' },
  },
  {
    slug: 'progress',
    title: 'Progress and retests',
    summary: 'Your markers over time, retest by retest.',
    body: [
      'Each retest adds a point to your charts, so you see what moved since your starter test.',
      'The app reminds you when your next retest kit is due.',
    ],
  },
];

export function findAppFeature(slug: string): AppFeature | undefined {
  return appFeatures.find((feature) => feature.slug === slug);
}
