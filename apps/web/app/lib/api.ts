import { createApiClient, type ApiClient } from '@shop/client';

/** What the server hands every loader: an in-process fetch to the API, when there is one. */
export interface ShopLoadContext {
  apiFetch?: typeof fetch;
  apiBaseUrl?: string;
  /** the origin a server-rendered page links to itself with: the address it was asked on */
  publicUrl?: string;
  /**
   * The cookies the browser holds once the page's action has answered, when the action's API
   * calls set some: a page sent without script runs its loaders in the same request, after the
   * action, and they must speak with the session the action opened (a changed password ends the
   * one the browser came with).
   */
  cookieAfterAction?: string;
}

/**
 * The API client for a loader on the server: it forwards the visitor's cookies so the API
 * sees the same session the browser has.
 */
export function serverApi(request: Request, context: unknown): ApiClient {
  const shop = (context ?? {}) as ShopLoadContext;
  const cookie = shop.cookieAfterAction ?? request.headers.get('cookie');
  const origin = new URL(request.url).origin;
  return createApiClient({
    // in one process the API answers in-process; otherwise API_BASE_URL names where it runs
    baseUrl: shop.apiFetch ? `${origin}${shop.apiBaseUrl ?? '/api'}` : (process.env.API_BASE_URL ?? `${origin}/api`),
    fetch: shop.apiFetch,
    headers: cookie ? { cookie } : {},
  });
}

let browserClient: ApiClient | undefined;

/** The API client in the browser: same origin by default, or the runtime-configured base URL. */
export function browserApi(): ApiClient {
  browserClient ??= createApiClient();
  return browserClient;
}
