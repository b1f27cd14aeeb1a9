import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';
import { quizVariantSlugs } from '@shop/core';

// A route id is part of what the build writes (the prerendered pages and their .data payloads
// name it), so the pages that moved into this folder keep the id React Router had derived from
// their old file name: `routes/home` for `routes/home.tsx`.
const page = (path: string, file: string) => route(path, `routes/shop/${file}.tsx`, { id: `routes/${file}` });

/** The storefront's own pages in the default layout: home, the quiz's landing and results, add-ons. */
export const shopRoutes: RouteConfigEntry[] = [
  index('routes/shop/home.tsx', { id: 'routes/home' }),
  page('quiz-landing', 'quiz-landing'),
  route('quiz-results', 'routes/shop/quiz-results.tsx', { id: 'quiz-results' }),
  ...(['b', 'c', 'd'] as const).map((variant) =>
    route(`quiz-results-${variant}`, 'routes/shop/quiz-results.tsx', { id: `quiz-results-${variant}` }),
  ),
  route('quiz-results/:goal', 'routes/shop/quiz-results.tsx', { id: 'quiz-results-goal' }),
  page('thanks', 'thanks'),
  page('upgrade-fast-track', 'upgrade-fast-track'),
  page('add-test', 'add-test'),
  page('add-ons-page', 'add-ons-page'),
  // a coaching session's room on the shop's own domain (the embedded video port)
  route('meet/:room', 'routes/shop/meet.tsx', { id: 'meet' }),
];

/** The quizzes, in the layout whose logo leads home: one module, which reads the variant from the path. */
export const quizRoutes: RouteConfigEntry[] = quizVariantSlugs.map((slug) =>
  route(slug, 'routes/shop/quiz.tsx', { id: `quiz-variant-${slug}` }),
);

/** The last entries of the default layout: the 404 page and every URL no other route matches. */
export const notFoundRoutes: RouteConfigEntry[] = [page('not-found', 'not-found'), page('*', 'catch-all')];
