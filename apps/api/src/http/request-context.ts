import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request id of the work now running: a request's (X-Request-Id, http/request-id.ts) while it
 * is served, a job's while the worker runs it. The job queue and the event bus read it when they
 * write, so a job or an event names the request that caused it and the worker's log lines for
 * that job carry it, through every job the first one queues in turn. Kept out of the call
 * chains, which would otherwise pass it through every service that queues or records anything.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}

/** Runs `work` with `requestId` as the current one (none when null: a job nothing asked for). */
export function withRequestId<T>(requestId: string | null, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work);
}

/** Every request's handlers and hooks run with its id as the current one. */
export function carryRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    storage.run({ requestId: request.id }, done);
  });
}
