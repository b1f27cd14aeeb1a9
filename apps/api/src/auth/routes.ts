import type { FastifyInstance } from 'fastify';
import { copyResponseHead, toHeaders } from '../http/web-request.ts';

/** Hands /api/auth/* to better-auth, which speaks the Fetch API. */
export async function authRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.PUBLIC_URL);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const response = await app.auth.handler(
        new Request(url, { method: request.method, headers: toHeaders(request), body }),
      );
      copyResponseHead(response, reply);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
