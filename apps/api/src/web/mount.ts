import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { GPC_HEADER, globalPrivacyControlFrom, isMarketingPage, LAB_UPLOAD_MAX_BYTES } from '@shop/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from 'react-router';
import { createNonce, inlineScriptHashes } from '../http/content-security-policy.ts';
import { copyResponseHead, toHeaders } from '../http/web-request.ts';
import { injectFetch } from './inject-fetch.ts';
import { thirdPartyScriptsFrom } from '../http/third-party-sources.ts';
import { findThirdPartyLoader, withThirdPartyLoader } from './third-party.ts';
import { cacheControlFor, findPrerenderedPages, pageKey, uncompressedPath } from './prerendered.ts';
import { publicOriginFor } from './public-origin.ts';
import { streamWithStagingBanner, withStagingBanner } from './staging-banner.ts';

export const webBuildDir = resolve(import.meta.dirname, '../../../web/build');

/**
 * Serves the storefront from the same process and port as the API: built assets first, as static
 * files with long cache headers for the hashed ones; then the prerendered pages as files; then
 * every other URL through React Router. Built files go out as the brotli or gzip copy the build
 * wrote next to them (scripts/precompress.mjs) when the browser accepts it; @fastify/compress
 * (registered by the app) compresses what has no such copy, server-rendered pages included.
 * Each page carries the page policy (decision record 0018): a prerendered one allows its inline
 * scripts by their hashes, taken once here, a rendered one by a nonce made for it.
 */
export async function mountWeb(app: FastifyInstance, buildDir = webBuildDir): Promise<void> {
  const serverEntry = resolve(buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run \`npm run build\` first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // always production mode: a development handler would send error stacks to the browser
  const handle = createRequestHandler(build, 'production');
  const shop = shopLoadContextOf(build);
  const clientDir = resolve(buildDir, 'client');
  const prerendered = findPrerenderedPages(clientDir);
  // the third-party scripts' loader, on the marketing pages, when one is configured
  // (docs/experiments-and-analytics.md); with none, every page goes out as the build made it
  const scripts = thirdPartyScriptsFrom(app.config);
  const loader = Object.keys(scripts).length > 0 ? findThirdPartyLoader(clientDir) : null;
  if (Object.keys(scripts).length > 0 && !loader)
    app.log.warn('Third-party scripts are configured but their loader is not in the build: run `npm run build`. None will load.');
  // a staging shop's pages say so, prerendered ones included (their build could not know)
  const staging = app.config.SHOP_STAGING === '1';
  // a prerendered page's policy, by its file, and its text when the server adds to it (the loader,
  // the staging notice): read once, like the list of pages
  const policies = new Map<string, string>();
  const rewritten = new Map<string, string>();
  // the same pages for a browser that sent Global Privacy Control: their loader is told so
  const gpcPages = new Map<string, { html: string; policy: string }>();
  for (const [path, file] of prerendered) {
    const built = readFileSync(resolve(clientDir, file), 'utf8');
    let html = staging ? withStagingBanner(built) : built;
    if (loader && isMarketingPage(path)) {
      const gpcHtml = withThirdPartyLoader(html, loader, scripts, { gpc: true });
      gpcPages.set(file, { html: gpcHtml, policy: app.pagePolicy(inlineScriptHashes(gpcHtml), path) });
      html = withThirdPartyLoader(html, loader, scripts);
    }
    if (html !== built) rewritten.set(file, html);
    policies.set(file, app.pagePolicy(inlineScriptHashes(html), path));
  }

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // the ETag alone revalidates a page, and no file is large enough to fetch in ranges
      lastModified: false,
      acceptRanges: false,
      setHeaders(reply, sentPath) {
        reply.header('cache-control', cacheControlFor(uncompressedPath(sentPath)));
      },
    });
    // React Router's own content type for its data payloads; set once the file is chosen, since the
    // static plugin types a precompressed copy by its original name and knows no `.data`
    web.addHook('onSend', async (request, reply, payload) => {
      if (request.url.split('?')[0]?.endsWith('.data') && reply.statusCode === 200) reply.header('content-type', 'text/x-script');
      return payload;
    });

    // @fastify/static hands a file that vanished after start-up to the not-found handler
    web.setNotFoundHandler((_request, reply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found'));

    // React Router reads form posts itself: hand it the raw body stream
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    web.all('/*', { schema: { hide: true } }, async (request, reply) => {
      // a hashed file that is not there (an old build's) is no page: a plain 404, never HTML
      if (request.url.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const page = request.method === 'GET' || request.method === 'HEAD' ? prerendered.get(pageKey(request.url)) : undefined;
      const gpc = globalPrivacyControlFrom(request.headers[GPC_HEADER]);
      // a page whose text depends on the signal says so to caches
      if (loader && isMarketingPage(pageKey(request.url))) reply.header('vary', 'Sec-GPC');
      const gpcPage = page && gpc ? gpcPages.get(page) : undefined;
      if (page && gpcPage) {
        reply.raw.removeHeader('cross-origin-opener-policy');
        reply.header('content-security-policy', gpcPage.policy);
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(gpcPage.html);
      }
      if (page) {
        // the same file for every visitor, holding nothing of anyone's: no opener policy (decision record 0015)
        reply.raw.removeHeader('cross-origin-opener-policy');
        reply.header('content-security-policy', policies.get(page));
        const html = rewritten.get(page);
        // a page the server added to is no longer the file: it is compressed as it is sent
        if (html !== undefined) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
        return reply.type('text/html; charset=utf-8').sendFile(page);
      }
      const nonce = createNonce();
      // the visitor's address (as TRUST_PROXY allows it to be known) goes with the page's API calls
      const apiFetch = injectFetch(app, request.ip);
      // canonical and absolute links name the address the page was asked on (prerendered pages carry PUBLIC_URL's)
      const publicUrl = publicOriginFor(request, app.config);
      const context = new RouterContextProvider();
      context.set(shop, { apiFetch, apiBaseUrl: '/api', cspNonce: nonce, publicUrl });
      let response = await handle(toWebRequest(request), context);
      // only a page runs scripts; React Router's data and redirects keep the policy of the API's answers
      if (response.headers.get('content-type')?.startsWith('text/html')) {
        const path = pageKey(request.url);
        reply.header('content-security-policy', app.pagePolicy([`'nonce-${nonce}'`], path));
        if (staging && response.body) response = withBody(response, streamWithStagingBanner(response.body));
        if (loader && isMarketingPage(path) && response.body) {
          response = withBody(response, withThirdPartyLoader(await response.text(), loader, scripts, { nonce, gpc }));
        }
      }
      return sendWebResponse(reply, response, request.method === 'GET' || request.method === 'HEAD');
    });
  });
}

/** What the server hands the pages it renders: the web app's ShopLoadContext (apps/web/app/lib/load-context.ts). */
interface ShopLoadContext {
  apiFetch: typeof fetch;
  apiBaseUrl: string;
  cspNonce: string;
  publicUrl: string;
}

/**
 * The key the pages read the server's values under: the one object the build's own modules use,
 * which its server entry exports. React Router hands every loader and action a context keyed by
 * such objects, so a key made here would be one the pages never read.
 */
function shopLoadContextOf(build: ServerBuild): RouterContext<ShopLoadContext> {
  const entry = build.entry.module;
  const key = 'shopLoadContext' in entry ? entry.shopLoadContext : undefined;
  if (!isRouterContext(key))
    throw new Error('The web build does not export `shopLoadContext` from its server entry. Run `npm run build` again.');
  return key;
}

function isRouterContext(value: unknown): value is RouterContext<ShopLoadContext> {
  return typeof value === 'object' && value !== null && 'defaultValue' in value;
}

/**
 * The most a page's form may send: a lab report's file (10 MB) and the form around it. The pages
 * read their own bodies, so this is counted here, on the stream, whatever the request declares.
 */
export const PAGE_BODY_LIMIT_BYTES = LAB_UPLOAD_MAX_BYTES + 1024 * 1024;

/** A body stream that fails once more than `limit` bytes have come: the page's action then refuses the form. */
function limited(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new Error(`The form is larger than ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The response with another body, of a length not known ahead. */
function withBody(response: Response, body: ReadableStream<Uint8Array> | string): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = toHeaders(request);
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: limited(Readable.toWeb(request.raw) as ReadableStream<Uint8Array>, PAGE_BODY_LIMIT_BYTES), duplex: 'half' } : {}),
  });
}

function sendWebResponse(reply: FastifyReply, response: Response, read: boolean) {
  copyResponseHead(response, reply);
  // a server-rendered page is made for one visitor: no shared cache may keep it; the answer to a
  // form (what was typed, a quiz's answers so far) is kept by no cache at all
  if (!response.headers.has('cache-control')) reply.header('cache-control', read ? 'private, no-cache' : 'no-store');
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body));
}
