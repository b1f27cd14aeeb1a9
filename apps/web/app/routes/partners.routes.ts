import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Business, affiliate and lead-form pages, shown in the default layout. */
export const partnerRoutes: RouteConfigEntry[] = [];

/** The provider pages, shown in the providers layout. */
export const providerRoutes: RouteConfigEntry[] = [];
