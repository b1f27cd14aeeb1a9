import { route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Writing to support, open to visitors and members alike, in the default layout. */
export const supportRoutes: RouteConfigEntry[] = [
  route('contact', 'routes/support/contact.tsx'),
  route('staff-invitation', 'routes/support/staff-invitation.tsx'),
];
