import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResultsDeps } from '../results/service.ts';
import { errorResponses } from '../schemas.ts';
import { memberProgramRetests } from './retest-service.ts';

const orderSchema = z.object({ id: z.string(), number: z.number().int(), status: z.string(), statusLabel: z.string() });
const measurementSchema = z.object({
  value: z.number(),
  unit: z.string(),
  range: z.object({ low: z.number().optional(), high: z.number().optional() }),
  flag: z.enum(['low', 'normal', 'high']),
  display: z.object({ value: z.string(), range: z.string(), flag: z.string() }),
});

export const programRetestsSchema = z.object({
  program: orderSchema,
  retests: z.array(
    z.object({
      sequence: z.number().int(),
      week: z.number().int(),
      dueOn: z.string(),
      order: orderSchema.nullable(),
      resultsIn: z.boolean(),
    }),
  ),
  comparison: z.array(
    z.object({
      biomarker: z.string(),
      title: z.string(),
      starter: measurementSchema,
      retests: z.array(
        z.object({
          sequence: z.number().int(),
          measurement: measurementSchema,
          change: z.object({ direction: z.enum(['up', 'down', 'same']), by: z.number(), display: z.string() }).nullable(),
        }),
      ),
    }),
  ),
});

/**
 * The member's own program retests and the comparison of their results with the starter test's.
 * Health data, so the member alone: anyone else signed in has no program here (404), a visitor
 * must sign in (401).
 */
export const programRetestRoutes: FastifyPluginAsyncZod = async (app) => {
  const resultsDeps = (): ResultsDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/program/retests',
    {
      schema: {
        tags: ['account'],
        summary:
          'The retests of the member’s Improvement Program (week 4 and week 8) with their orders, and each biomarker of the starter test beside the retests’ values (an audited read)',
        response: { 200: programRetestsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return memberProgramRetests(resultsDeps(), user, request.ip);
    },
  );
};
