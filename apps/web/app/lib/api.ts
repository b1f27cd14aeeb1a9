import { createApiClient, type ApiClient } from '@shop/client';
import { cookieAfterAction, shopLoadContext, type PageContext } from './load-context';
import { webEnv } from './web-env';

/**
 * The API client for a loader on the server: it forwards the visitor's cookies so the API
 * sees the same session the browser has.
 */
export function serverApi(request: Request, context: PageContext): ApiClient {
  const shop = context.get(shopLoadContext);
  const cookie = context.get(cookieAfterAction) ?? request.headers.get('cookie');
  const origin = new URL(request.url).origin;
  return createApiClient({
    // in one process the API answers in-process; otherwise API_BASE_URL names where it runs
    baseUrl: shop.apiFetch ? `${origin}${shop.apiBaseUrl ?? '/api'}` : (webEnv().apiBaseUrl ?? `${origin}/api`),
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
