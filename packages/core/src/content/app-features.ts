/**
 * The app pages of /app/{feature}: what each part of the app does, prompting to install it. The app
 * is the member's account in the browser, which a phone keeps on its home screen (the web app
 * manifest names it), so each feature links to the page where it lives.
 */
export const appFeatureSlugs = ['results', 'recommendations', 'meal-plans', 'food-logger', 'progress'] as const;
export type AppFeatureSlug = (typeof appFeatureSlugs)[number];

export interface AppFeature {
  slug: AppFeatureSlug;
  title: string;
  /** one line for cards */
  summary: string;
  body: readonly string[];
  /** the account page where it lives */
  web: { label: string; path: string };
}

export const appFeatures: readonly AppFeature[] = [
  {
    slug: 'results',
    title: 'Your results, explained',
    summary: 'Every marker with its value, its range and whether it is in range.',
    body: [
      'When the lab has finished, your results appear in your account with each marker’s value, the lab’s reference range and whether it is in range.',
      'Markers outside their range are flagged, and when a clinician adds a note to your results, it is shown above them.',
    ],
    web: { label: 'Your orders and results', path: '/account' },
  },
  {
    slug: 'recommendations',
    title: 'Recommendations for your results',
    summary: 'What your results say, and the foods your plan favours.',
    body: [
      'With the Improvement Program, your account turns your results into what they say and the changes your plan favours.',
      'Your plan is meant for months, and each week of the program has its own shopping list.',
    ],
    web: { label: 'Improvement Program members: your plan', path: '/account/program' },
  },
  {
    slug: 'meal-plans',
    title: 'Daily meal plans',
    summary: 'Breakfast, lunch and dinner for each day, chosen for your results.',
    body: [
      'Each day Base Daily suggests breakfast, lunch and dinner chosen for your latest results, or for the goal of your quiz until they are in.',
    ],
    web: { label: 'Base Daily members: today’s meals', path: '/account/daily' },
  },
  {
    slug: 'food-logger',
    title: 'Food logger',
    summary: 'Log what you eat, meal by meal.',
    body: ['Log what you ate, meal by meal, for today or the days just past, and see your last days at a glance.'],
    web: { label: 'Base Daily members: your food log', path: '/account/daily' },
  },
  {
    slug: 'progress',
    title: 'Progress and retests',
    summary: 'Every result you have had, retest by retest.',
    body: ['Each retest’s results stay in your account beside your earlier ones, order by order, so you can see what moved.'],
    web: { label: 'Your orders and results', path: '/account' },
  },
];

export function findAppFeature(slug: string): AppFeature | undefined {
  return appFeatures.find((feature) => feature.slug === slug);
}
