import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingModes } from '@shop/core';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { portalOf } from './portal.ts';

const figure = z.string();
const portalSchema = z.object({
  group: z.object({
    name: z.string(),
    slug: z.string(),
    eligibility: z.string(),
    planYearStart: z.string(),
    planYearEnd: z.string(),
    capEmployees: z.number().int().nullable(),
    capSpendCents: z.number().int().nullable(),
    billingMode: z.enum(billingModes),
  }),
  bankStatements: z.array(
    z.object({
      period: z.string(),
      openingCents: z.number().int(),
      topUpCents: z.number().int(),
      adjustmentCents: z.number().int(),
      drawnCents: z.number().int(),
      people: z.number().int().nullable(),
      closingCents: z.number().int(),
    }),
  ),
  // the end of the last month the figures were counted at; null before the plan year's first month ends
  figuresAsOf: z.string().nullable(),
  figures: z.object({
    eligible: figure,
    enrolled: figure,
    ordered: figure,
    kitsReturned: figure,
    resultsReady: figure,
    programStarted: figure,
  }),
});

/**
 * The employer portal's area (`/api/business`, employer admins only): the admin's own group, found
 * from the session, with aggregate figures only. No route takes a group, order or person's id.
 */
export const businessPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/portal',
    {
      schema: {
        tags: ['business'],
        summary:
          'The signed-in employer admin’s group and its plan year’s figures, counted at the end of each month and moved only by five people or more (each under 5 shown as “fewer than 5”)',
        response: { 200: portalSchema, ...errorResponses },
      },
    },
    async (request) => portalOf(app.db, (await request.requireUser()).id),
  );
};
