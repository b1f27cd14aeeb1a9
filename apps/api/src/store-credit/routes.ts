import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { storeCreditOf } from './service.ts';

export const storeCreditSchema = z.object({
  balanceCents: z.number().int(),
  balance: z.string(),
  cards: z.array(
    z.object({ label: z.string(), initial: z.string(), balance: z.string(), issuedAt: z.string(), expiresAt: z.string().nullable() }),
  ),
});

/** The signed-in customer's store credit: what checkout takes off their next orders. */
export const storeCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store-credit',
    {
      schema: {
        tags: ['account'],
        summary: 'The customer’s store credit: the balance and each gift card',
        response: { 200: storeCreditSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return storeCreditOf(app.db, user.id);
    },
  );
};
