import { route, type RouteConfigEntry } from '@react-router/dev/routes';

// These pages keep the route ids React Router derived from their file names before they moved
// here (`routes/sign-in`): the built pages name them.
const page = (path: string) => route(path, `routes/auth/${path}.tsx`, { id: `routes/${path}` });

/** Signing in and getting a new password, in the default layout; signing out is an action alone. */
export const authRoutes: RouteConfigEntry[] = [
  page('sign-in'),
  page('reset-password'),
  page('new-password'),
  route('sign-out', 'routes/auth/sign-out.ts', { id: 'routes/sign-out' }),
];
