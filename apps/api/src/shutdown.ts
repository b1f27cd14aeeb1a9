import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from '@shop/db';
import type { FastifyInstance } from 'fastify';

/**
 * Stops a serving shop without dropping requests: readiness fails first, so the load balancer
 * stops sending new requests while this process still answers those it is sent for `drainMs`;
 * then the listener closes (open requests finish, new ones get 503), the in-process worker
 * finishes its job, and the database closes.
 */
export async function stopGracefully(app: FastifyInstance, database: DatabaseHandle, drainMs: number): Promise<void> {
  app.readiness.stop();
  app.log.info({ drainMs }, 'stopping: not ready, draining');
  await sleep(drainMs);
  app.log.info('drained: finishing open requests');
  await app.close();
  await database.close();
}
