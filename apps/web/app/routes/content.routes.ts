import type { RouteConfigEntry } from '@react-router/dev/routes';

/** The storefront's content pages: areas, goals, tests, programs, how it works, legal. */
export const contentRoutes: RouteConfigEntry[] = [];
