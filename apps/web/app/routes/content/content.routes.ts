import { route, type RouteConfigEntry } from '@react-router/dev/routes';

const page = (path: string, file = path) => route(path, `routes/content/${file}.tsx`);

/** The storefront's content pages: areas, goals, tests, programs, how it works, legal. */
export const contentRoutes: RouteConfigEntry[] = [
  // the goal pages and, beside them, the five area testing-plan pages
  page('goal/:goal?', 'goal'),
  page('all-goals'),
  page('test/:biomarker?', 'test'),
  page('app/:feature?', 'app-feature'),
  page('complete-testing-plan'),
  page('food-allergy'),
  page('food-sensitivity'),
  page('nutritional-plan'),
  page('nutritional-plan-confirm'),
  page('base-daily'),
  page('digital-subs-upsell'),
  page('how-it-works'),
  page('science'),
  page('how-testing-works'),
  page('health-data'),
  page('reviews'),
  page('base-testing-reviews'),
  page('giveaway'),
  page('about'),
  page('blog'),
  page('blog/:article', 'blog-article'),
  page('terms'),
  page('privacy-policy'),
  page('consumer-health-data-privacy'),
  page('accessibility'),
  page('marketplace'),
  page('tiktok'),
  page('gifts'),
  page('gifts-base'),
  page('goal-gift'),
];
