/**
 * Errors the shop's pages meet in visitors' browsers, told to the shop's own API (which scrubs
 * them, limits each address and keeps them for the console's Page errors): no monitoring vendor
 * sees a page. At most a few reports per page view, each message once; errors of browser
 * extensions are not the shop's.
 */
const MAX_REPORTS_PER_PAGE_VIEW = 5;
const reported = new Set<string>();

export function reportClientError(error: unknown): void {
  if (typeof window === 'undefined' || reported.size >= MAX_REPORTS_PER_PAGE_VIEW) return;
  const message = describe(error).trim().slice(0, 2000);
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, 8000) : null;
  if (!message || reported.has(message) || /(chrome|moz|safari(-web)?)-extension:\/\//.test(stack ?? '')) return;
  reported.add(message);
  const base = globalThis.__SHOP_CONFIG__?.apiBaseUrl ?? '/api';
  // keepalive: the report still leaves when the error sends the visitor elsewhere
  void fetch(`${base}/client-errors`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, page: window.location.pathname, stack }),
  }).catch(() => {});
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  // a rejection with something else: its JSON, or its type
  try {
    return JSON.stringify(error) ?? typeof error;
  } catch {
    return typeof error;
  }
}
