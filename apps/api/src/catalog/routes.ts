import { formatMoney, goals, products } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every product with its price',
        response: {
          200: z.object({
            products: z.array(
              z.object({
                code: z.string(),
                title: z.string(),
                priceCents: z.number().int(),
                price: z.string(),
                compareAtCents: z.number().int().nullable(),
                charge: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return {
        products: products.map((product) => ({
          code: product.code,
          title: product.title,
          priceCents: product.priceCents,
          price: formatMoney(product.priceCents),
          compareAtCents: product.compareAtCents ?? null,
          charge: product.charge,
        })),
      };
    },
  );

  app.get(
    '/catalog/goals',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The health goals the quiz offers, with their starter tests',
        response: {
          200: z.object({
            goals: z.array(z.object({ slug: z.string(), name: z.string(), goalId: z.number(), starterTestId: z.number() })),
          }),
        },
      },
    },
    async () => ({
      goals: goals.map(({ slug, name, goalId, starterTestId }) => ({ slug, name, goalId, starterTestId })),
    }),
  );
};
