import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox } from '../email/repository.ts';
import { errorResponses } from '../schemas.ts';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      // e-mails carry what one customer was sent: operators only, support never
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The e-mails the shop sent or stored, newest first',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: {
          200: z.object({
            emails: z.array(
              z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), status: z.string(), createdAt: z.string() }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const rows = await listOutbox(app.db, request.query.to?.trim().toLowerCase(), 50);
      return {
        emails: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          text: row.text,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
