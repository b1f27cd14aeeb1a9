import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { copyResponseHead, toHeaders } from '../http/web-request.ts';
import { injectFetch } from './inject-fetch.ts';

export const webBuildDir = resolve(import.meta.dirname, '../../../web/build');

/**
 * Serves the storefront from the same process and port as the API: built assets first, as static
 * files with long cache headers for the hashed ones, then every other URL through React Router.
 */
export async function mountWeb(app: FastifyInstance): Promise<void> {
  const serverEntry = resolve(webBuildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing). Run \`npm run build\` first.`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // always production mode: a development handler would send error stacks to the browser
  const handle = createRequestHandler(build, 'production');
  const apiFetch = injectFetch(app);

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: resolve(webBuildDir, 'client'),
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        const hashed = path.includes('/assets/');
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=600');
      },
    });

    // React Router reads form posts itself: hand it the raw body stream
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    web.all('/*', { schema: { hide: true } }, async (request, reply) => {
      const response = await handle(toWebRequest(request), { apiFetch, apiBaseUrl: '/api' });
      return sendWebResponse(reply, response);
    });
  });
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
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  copyResponseHead(response, reply);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
