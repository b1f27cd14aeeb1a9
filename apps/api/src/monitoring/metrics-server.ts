import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import type { Database } from '@shop/db';
import { processRegistry } from './metrics.ts';
import { metricsAccess } from './plugin.ts';
import { poolGauges, scrapeGauges } from './scrape-gauges.ts';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * GET /metrics on a port of its own, for `npm run worker`, which has no other listener: its job
 * runs, e-mails and payments are counted in its own process. The same rule as the shop's route:
 * with a token, its bearer only; without one, this machine only (production requires the token,
 * env.ts).
 */
export async function serveMetrics(options: {
  port: number;
  host: string;
  token: string | undefined;
  db: Database;
  queuedHandlers: readonly string[];
}): Promise<MetricsServer> {
  const gauges = scrapeGauges({ db: () => options.db, queuedHandlers: () => options.queuedHandlers });
  const registry = Registry.merge(
    [processRegistry, gauges.registry, poolGauges((options.db as unknown as { $client?: unknown }).$client)].filter(
      (each): each is Registry => each !== null,
    ),
  );
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const access = metricsAccess(options.token, { headers: request.headers, ip: request.socket.remoteAddress ?? '' });
    if (path !== '/metrics' || request.method !== 'GET' || access === 'hidden') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (access === 'unauthorised') {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end('Unauthorised\n');
      return;
    }
    gauges
      .refresh()
      .then(() => registry.metrics())
      .then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
        () => response.writeHead(503, { 'content-type': 'text/plain' }).end('The metrics could not be read\n'),
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
