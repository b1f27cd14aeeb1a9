import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

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
  // the dashboard's data is its own route's; the page shows at its index and at each section's
  // route, which takes that section's forms with its own action (sent without the page's script,
  // the answer comes back with the whole dashboard)
  route('providers/dashboard', 'routes/providers/dashboard.tsx', [
    index('routes/providers/dashboard/home.tsx'),
    route('clients', 'routes/providers/dashboard/clients.tsx'),
    route('orders', 'routes/providers/dashboard/orders.tsx'),
    route('team', 'routes/providers/dashboard/team.tsx'),
    route('settings', 'routes/providers/dashboard/settings.tsx'),
    route('card', 'routes/providers/dashboard/card.tsx'),
  ]),
  route('providers/dashboard/webhooks', 'routes/providers/webhooks.tsx'),
  route('providers/dashboard/orders/:id/results', 'routes/providers/order-results.tsx'),
];
