import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers API calls through app.inject(): the pages' server-side loaders and actions
 * use the same typed client as the browser, without a trip through the network stack. The
 * visitor's address goes with each call, so the API's per-address limits count the visitor, not
 * the page server (an action signing in or sending a form counts against its sender).
 */
export function injectFetch(app: FastifyInstance, remoteAddress?: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    // the page's own address (its API calls are made at it): the API then knows where the visitor
    // is, as it would over the network, and their Origin matches it
    headers.host ??= url.host;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(body ? { payload: body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) out.append(name, item);
    }
    const noBody = response.statusCode === 204 || response.statusCode === 304 || request.method === 'HEAD';
    return new Response(noBody ? null : response.rawPayload, { status: response.statusCode, headers: out });
  };
}
