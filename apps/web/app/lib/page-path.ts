/**
 * The page a request is for. A client-side navigation asks for `/x.data` and an old link may say
 * `/x.html`; both are the page `/x`.
 */
export function pagePath(request: Request): string {
  const path = new URL(request.url).pathname.replace(/\.(data|html)$/, '').replace(/\/+$/, '');
  return path === '/_root' || path === '' ? '/' : path;
}
