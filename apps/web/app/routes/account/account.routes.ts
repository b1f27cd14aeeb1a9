import { layout, route, type RouteConfigEntry } from '@react-router/dev/routes';

// These pages keep the route ids React Router derived from their file names before they moved
// here (`routes/account-profile` for `routes/account-profile.tsx`): the built pages name them.
const page = (path: string, file: string, id: string) => route(path, `routes/account/${file}.tsx`, { id });

/**
 * The signed-in customer's pages, in the default layout, under the area's guard (area.tsx): a
 * visitor who is not signed in is sent to sign in, back to the page afterwards. Each page's data
 * is the API's answer for the customer's own account.
 */
export const accountRoutes: RouteConfigEntry[] = [
  layout('routes/account/area.tsx', [
    page('account', 'overview', 'routes/account'),
    page('account/profile', 'profile', 'routes/account-profile'),
    page('account/orders/:id', 'order', 'routes/account-order'),
    page('account/password', 'password', 'routes/account-password'),
    page('account/orders/:id/results', 'order-results', 'routes/account-order-results'),
    page('account/daily', 'daily', 'routes/account-daily'),
    route('account/daily/marketplace', 'routes/account/marketplace.tsx'),
    route('account/coaching', 'routes/account/coaching.tsx'),
    route('account/nutritional-plan', 'routes/account/nutritional-plan.tsx'),
    route('account/program', 'routes/account/program.tsx'),
    route('account/program/shopping-list/:week', 'routes/account/shopping-list.tsx'),
    route('account/messages', 'routes/account/messages.tsx'),
    route('account/messages/:id', 'routes/account/message-thread.tsx'),
    route('account/my-data', 'routes/account/my-data.tsx'),
    route('account/my-data/archives/:id', 'routes/account/my-data-archive.tsx'),
    route('account/health', 'routes/account/health.tsx'),
    route('account/delete-confirm', 'routes/account/delete-confirm.tsx'),
  ]),
];
