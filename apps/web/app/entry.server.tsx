import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { shopLoadContext } from './lib/load-context';
import { joinInlineScripts, prefetchModules } from './lib/prefetch-modules.server';
import { ScriptNonce } from './root';

// a render still going after this long is cut short, so its response can end
export const streamTimeout = 5_000;

// the key a server that loads this build sets its values under (apps/api/src/web/mount.ts)
export { shopLoadContext };

/**
 * Renders every page whole before sending it. No loader defers data, so an early shell would
 * arrive only a moment sooner; in exchange the page is finished HTML: React adds no script to
 * reveal late parts, which keeps a prerendered page small enough (the home page about 0.5 KB less,
 * compressed) to arrive in a phone's first round trip (decision record 0015). The whole page is
 * then at hand, and its modules are fetched at the lowest priority (decision record 0016).
 *
 * A page rendered for one visitor gets the nonce of its Content-Security-Policy from the server
 * (`cspNonce` in the load context) on each of its scripts; a prerendered page gets none, and its
 * classic scripts are joined into one so that its policy names few hashes (decision record 0018).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const nonce = scriptNonce(loadContext);

  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const page = (
      <ScriptNonce value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ScriptNonce>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        ready = true;
        const body = new PassThrough({
          final(done) {
            clearTimeout(timeout);
            done();
          },
        });
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        text(body).then(
          (html) => resolve(new Response(joinInlineScripts(prefetchModules(html, nonce), nonce), { status, headers })),
          reject,
        );
      },
      onShellError: reject,
      onError(error) {
        status = 500;
        // an error before the page is ready rejects above and is logged by React Router
        if (ready) console.error(error);
      },
    });
    const timeout = setTimeout(abort, streamTimeout + 1_000);
  });
}

// base64 only: the nonce is also written into the page's markup as it is
function scriptNonce(loadContext: RouterContextProvider): string | undefined {
  const nonce = loadContext.get(shopLoadContext).cspNonce;
  return nonce !== undefined && /^[A-Za-z0-9+/]+={0,2}$/.test(nonce) ? nonce : undefined;
}
