import { route, type RouteConfigEntry } from '@react-router/dev/routes';

// These pages keep the route ids React Router derived from their file names when they sat in
// partners/ (`routes/partners/providers-home`): the prerendered pages name them.
const page = (path: string, file: string) =>
  route(`providers/${path}`, `routes/providers/${file}.tsx`, { id: `routes/partners/providers-${file}` });

/** The pages for health providers, shown in the providers layout. */
export const providerRoutes: RouteConfigEntry[] = [
  page('home', 'home'),
  page('terms', 'terms'),
  page('test-catalog', 'test-catalog'),
  page('videos-and-faqs', 'videos-and-faqs'),
  page('videos/:video', 'video'),
  // the clinic's own pages: the free sign-up, the invitation's link and the signed-in dashboard
  route('providers/sign-up', 'routes/providers/sign-up.tsx'),
  route('providers/invitation', 'routes/providers/invitation.tsx'),
  route('providers/dashboard', 'routes/providers/dashboard.tsx'),
  route('providers/dashboard/webhooks', 'routes/providers/webhooks.tsx'),
  route('providers/dashboard/orders/:id/results', 'routes/providers/order-results.tsx'),
];
