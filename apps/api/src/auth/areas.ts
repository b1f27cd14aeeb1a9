import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import type { Role } from './session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Inside a guarded area: the roles this route answers to, narrower than the area's own
     * (an operator-only action in the console). The area's hook reads it; the handler never does.
     */
    roles?: readonly Role[];
  }
}

/**
 * A part of the API that answers to some roles only: the console (`/admin`) today, providers,
 * employers and affiliates next. Who may enter is decided here, once, for every route the area
 * holds (docs/decisions/0017-authorisation-by-area.md).
 */
export interface Area {
  /** names the area in errors at start-up */
  name: string;
  /** where it is mounted, below `/api`: every route of the area lies under it, and no other route does */
  prefix: `/${string}`;
  /** who may use it; a route may narrow this with `config.roles`, never widen it */
  roles: readonly Role[];
  /**
   * the roles of a route that names none, when narrower than `roles`: a role that uses a corner of
   * the area (health coaches in the console) stays out of every route that does not name it
   */
  defaultRoles?: readonly Role[];
  /**
   * when the area's reads are audited (the console): `sorted` says whether a GET route (its path
   * below the prefix) was sorted into reads of members' data or not, and a route it does not know
   * stops the start; `record` writes an answered GET's audit line before the answer leaves
   */
  reads?: { sorted(path: string): boolean; record(request: FastifyRequest, path: string): Promise<void> };
  /** the route plugins it holds, written with paths relative to the prefix */
  routes: readonly FastifyPluginAsync[];
}

/**
 * Mounts the areas on the API and keeps them closed:
 * - each area is an encapsulated plugin whose `onRequest` hook requires the role. The hook runs on
 *   the route the router matched (so on any spelling of its path: percent-encoded, a trailing
 *   slash) and before the body is parsed or validated: a stranger gets 401 whatever they send;
 * - at start-up, a route under an area's prefix that was registered outside the area, or one that
 *   widens the area's roles, stops the shop from starting.
 */
export async function mountAreas(api: FastifyInstance, areas: readonly Area[]): Promise<void> {
  const inside = new Set<RouteOptions>();
  const everyRoute: RouteOptions[] = [];
  api.addHook('onRoute', (route) => {
    everyRoute.push(route);
  });
  api.addHook('onReady', async () => {
    for (const route of everyRoute) {
      const area = areas.find((candidate) => isUnder(route.url, `${api.prefix}${candidate.prefix}`));
      if (area && !inside.has(route)) {
        throw new Error(`${String(route.method)} ${route.url} lies under the ${area.name} area but was registered outside it`);
      }
    }
  });

  for (const area of areas) {
    const stray = (area.defaultRoles ?? []).filter((role) => !area.roles.includes(role));
    if (stray.length > 0) throw new Error(`the ${area.name} area's default roles name ${stray.join(', ')}, who may not enter it`);
    await api.register(
      async (guarded) => {
        guarded.addHook('onRoute', (route) => {
          const narrowed = route.config?.roles ?? [];
          const widened = narrowed.filter((role) => !area.roles.includes(role));
          if (widened.length > 0) {
            throw new Error(`${route.url} would let ${widened.join(', ')} into the ${area.name} area`);
          }
          inside.add(route);
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          const path = route.url.slice(guarded.prefix.length);
          if (area.reads && methods.includes('GET') && !area.reads.sorted(path)) {
            throw new Error(
              `GET ${route.url} is not sorted into the ${area.name} area's audited reads (or those that show no member's data)`,
            );
          }
        });
        guarded.addHook('onRequest', async (request) => {
          await request.requireRole(...(request.routeOptions.config.roles ?? area.defaultRoles ?? area.roles));
        });
        const reads = area.reads;
        if (reads) {
          // one audit line per answered read, written before the answer leaves: a read the log cannot record fails
          guarded.addHook('onSend', async (request, reply, payload) => {
            const route = request.routeOptions.url;
            if (request.method === 'GET' && reply.statusCode < 300 && route !== undefined) {
              await reads.record(request, route.slice(guarded.prefix.length));
            }
            return payload;
          });
        }
        for (const routes of area.routes) await guarded.register(routes);
      },
      { prefix: area.prefix },
    );
  }
}

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`);
}
