/** What the server injects into the page as `window.__SHOP_CONFIG__` (see apps/web root). */
export interface ShopRuntimeConfig {
  apiBaseUrl?: string;
}

declare global {
  // a global declared with `var` is what makes `globalThis.__SHOP_CONFIG__` typed
  var __SHOP_CONFIG__: ShopRuntimeConfig | undefined;
}

export const DEFAULT_API_BASE_URL = '/api';

/**
 * The API's base URL, first found wins: the explicit argument, the runtime configuration the
 * server put in the page, `API_BASE_URL` in the environment (Node only), then `/api`.
 * One build therefore serves any deployment. A trailing slash is removed.
 */
export function resolveApiBaseUrl(explicit?: string): string {
  const chosen = explicit || globalThis.__SHOP_CONFIG__?.apiBaseUrl || environmentBaseUrl() || DEFAULT_API_BASE_URL;
  return chosen.replace(/\/+$/, '');
}

function environmentBaseUrl(): string | undefined {
  // browsers have no `process`; bundlers may not define it either
  if (typeof process === 'undefined' || typeof process.env !== 'object' || process.env === null) return undefined;
  return process.env.API_BASE_URL;
}
