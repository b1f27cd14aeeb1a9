import { labPickUpAvailable, LAB_NOT_AVAILABLE_IN_NY } from '@shop/core';
import { labLocations } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../errors.ts';
import { errorResponses } from '../schemas.ts';

const labSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

export const labRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/labs',
    {
      schema: {
        tags: ['labs'],
        summary: 'Partner labs for a zip code, closest zip codes first',
        querystring: z.object({
          zip: z.string().regex(/^\d{5}$/, { error: 'Enter a valid zipcode or send us a message' }),
        }),
        response: { 200: z.object({ labs: z.array(labSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const { zip } = request.query;
      if (!labPickUpAvailable(zip)) throw badRequest('LAB_NOT_AVAILABLE', LAB_NOT_AVAILABLE_IN_NY);
      const rows = await app.db.select().from(labLocations);
      // Until ZIP centroids are loaded, nearness is the distance between ZIP numbers, which
      // follows US geography at the scale of a region.
      const labs = rows
        .filter((lab) => labPickUpAvailable(lab.zipCode))
        .sort((a, b) => Math.abs(Number(a.zipCode) - Number(zip)) - Math.abs(Number(b.zipCode) - Number(zip)))
        .slice(0, 5)
        .map(({ id, name, address, city, state, zipCode }) => ({ id, name, address, city, state, zipCode }));
      return { labs };
    },
  );
};
