import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
const liveSchema = z.object({ status: z.literal('alive') });
const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = z.object({ status: z.enum(['not_ready', 'stopping']), reason: z.string() });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the shop and its database answer',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const up = await app.pingDatabase();
      reply.header('cache-control', 'no-store');
      return up
        ? reply.status(200).send({ status: 'ok', database: 'up' })
        : reply.status(503).send({ status: 'degraded', database: 'down' });
    },
  );

  // liveness: the process answers; a database blip must not get it restarted, so nothing else is asked
  app.get(
    '/health/live',
    { schema: { tags: ['health'], summary: 'Whether the process is alive (asks nothing else)', response: { 200: liveSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'alive' as const };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Whether the process should be sent traffic: database reachable, migrations done, keys open what is stored, a job worker alive, not stopping',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (_request, reply) => {
      const answer = await app.readiness.check();
      reply.header('cache-control', 'no-store');
      return answer.ready
        ? reply.status(200).send({ status: 'ready' })
        : reply.status(503).send({ status: answer.stopping ? 'stopping' : 'not_ready', reason: answer.reason });
    },
  );
};
