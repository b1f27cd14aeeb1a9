import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

// what a proxy's or a client's id may be: short, and nothing that could forge a log line
const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A request's id (Fastify's genReqId): the X-Request-Id a proxy or client sent, when it is up to
 * 128 characters of letters, digits and . _ : -, else a random UUID. It names the request's log lines.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
}

/** Every response says its request's id, so a customer's report or a proxy's log finds the shop's lines. */
export function returnRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
