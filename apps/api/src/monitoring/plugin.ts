import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import type { Env } from '../env.ts';
import { httpDuration, httpRequests, processRegistry } from './metrics.ts';
import { poolGauges, scrapeGauges } from './scrape-gauges.ts';

/** The route label of a request no route matched: its path is never a label. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The route label of a file of the web app's build, each of which the static plugin serves on a route of its own. */
export const STATIC_FILE_ROUTE = '(static file)';

/**
 * A request's route label: its route's template. The API's routes and the web app's pages (one
 * route, `/*`, that React Router then routes) keep theirs; the build's files (hashed assets, which
 * change with each build) are one label, so a deploy does not add a series per file.
 */
export function routeLabel(template: string | undefined): string {
  if (template === undefined) return UNMATCHED_ROUTE;
  if (template.startsWith('/api') || template === '/metrics' || /[*:]/.test(template)) return template;
  return STATIC_FILE_ROUTE;
}
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type MetricsAccess = 'open' | 'unauthorised' | 'hidden';

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token (anywhere);
 * without it, nobody in production (the route does not exist there) and, elsewhere, a client on
 * this machine only. The client's address is the one TRUST_PROXY makes of it, so a request a
 * trusted proxy forwards from elsewhere is not taken for the machine's own.
 */
export function metricsAccess(token: string | undefined, request: Pick<FastifyRequest, 'headers' | 'ip'>): MetricsAccess {
  if (token) return bearerMatches(request.headers.authorization, token) ? 'open' : 'unauthorised';
  return isLoopback(request.ip) ? 'open' : 'hidden';
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  // equal-length digests, so the comparison takes the same time whatever was sent
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

export function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Prometheus' view of the shop (docs/operations.md#metrics): counts every response by its route's
 * template (Fastify's routeOptions.url: `/api/orders/:id`, never the address asked for), and
 * serves GET /metrics with this process's counters and what is read from the database at scrape
 * time. Registered before the routes, so its hook sees all of them.
 */
const monitoringPlugin: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request.routeOptions.url);
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    httpRequests.inc({ route, method, status: String(reply.statusCode) });
    httpDuration.observe({ route, method }, reply.elapsedTime / 1000);
  });

  // production without a token: no such page
  if (env.NODE_ENV === 'production' && !env.METRICS_TOKEN) return;

  const gauges = scrapeGauges({
    db: () => app.db,
    queuedHandlers: () => app.events.handlers.filter((handler) => handler.mode === 'queued').map((handler) => handler.name),
  });
  let registry: Registry | undefined;

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(env.METRICS_TOKEN, request);
    // answered here, not thrown: this route is registered before the shop's error handler
    if (access === 'hidden') return reply.status(404).send({ code: 'NOT_FOUND', message: 'There is no such page.' });
    if (access === 'unauthorised') {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 'UNAUTHENTICATED', message: 'The metrics need their bearer token.' });
    }
    // the database's client is known once the app has one: a pg pool on PostgreSQL, nothing on PGlite
    registry ??= Registry.merge(
      [processRegistry, gauges.registry, poolGauges((app.db as unknown as { $client?: unknown }).$client)].filter(
        (each): each is Registry => each !== null,
      ),
    );
    await gauges.refresh();
    const text = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
};

export const monitoring = fp(monitoringPlugin, { name: 'monitoring' });
