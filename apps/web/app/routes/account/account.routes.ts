import { route, type RouteConfigEntry } from '@react-router/dev/routes';

// These pages keep the route ids React Router derived from their file names before they moved
// here (`routes/account-profile` for `routes/account-profile.tsx`): the built pages name them.
const page = (path: string, file: string, id: string) => route(path, `routes/account/${file}.tsx`, { id });

/**
 * The signed-in customer's pages, in the default layout. There is no area-wide guard: each
 * page's loader asks the API for the customer's own data and sends a visitor the API does not
 * know to sign in, back to that page afterwards.
 */
export const accountRoutes: RouteConfigEntry[] = [
  page('account', 'overview', 'routes/account'),
  page('account/profile', 'profile', 'routes/account-profile'),
  page('account/orders/:id', 'order', 'routes/account-order'),
  page('account/password', 'password', 'routes/account-password'),
  page('account/orders/:id/results', 'order-results', 'routes/account-order-results'),
];
