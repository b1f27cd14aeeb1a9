import { desc } from 'drizzle-orm';
import { textOutbox } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';

/**
 * The text messages the shop sent or stored, newest first: operators only, as for the e-mail
 * outbox. Texts carry no health value (a request to call back), so the body is shown as kept.
 */
export const textOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/texts',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The text messages the shop sent (a provider) or stored (no provider configured), newest first',
        response: {
          200: z.object({
            transport: z.enum(['outbox', 'http']),
            texts: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                template: z.string(),
                body: z.string(),
                status: z.string(),
                createdAt: z.string(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async () => {
      const rows = await app.db.select().from(textOutbox).orderBy(desc(textOutbox.createdAt)).limit(50);
      return {
        transport: app.config.TEXT_PROVIDER_URL ? ('http' as const) : ('outbox' as const),
        texts: rows.map((row) => ({
          id: row.id,
          to: row.toNumber,
          template: row.template,
          body: row.body,
          status: row.status,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
