import { messages } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { findNearestLabs } from './service.ts';

const labSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  distanceMiles: z.number().describe('great-circle miles from the centroid of the searched ZIP code, one decimal'),
});

export const labRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/labs',
    {
      schema: {
        tags: ['labs'],
        summary: 'The five partner labs nearest to a ZIP code, nearest first',
        querystring: z.object({
          zip: z.string().regex(/^\d{5}$/, { error: messages.collectionZip }),
        }),
        response: { 200: z.object({ labs: z.array(labSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ labs: await findNearestLabs(app.db, request.query.zip) }),
  );
};
