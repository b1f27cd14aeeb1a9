import { foodLogEntrySchema, meals } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import type { ResultsDeps } from '../results/service.ts';
import { memberMarketplace, memberMealPlan } from './meal-plan.ts';
import { logFood, removeFoodLogEntry, requireMember, viewFoodLog } from './service.ts';

const entrySchema = z.object({
  id: z.string(),
  day: z.string(),
  meal: z.enum(meals),
  mealLabel: z.string(),
  food: z.string(),
});

const foodLogSchema = z.object({
  today: z.string(),
  earliest: z.string(),
  days: z.array(z.object({ day: z.string(), entries: z.array(entrySchema) })),
});

const mealPlanSchema = z.object({
  day: z.number().int(),
  basis: z.enum(['results', 'goal', 'general']),
  meals: z.array(z.object({ slot: z.string(), label: z.string(), name: z.string(), favoured: z.array(z.string()) })),
  note: z.string(),
});

const marketplaceSchema = z.object({
  basis: z.enum(['results', 'goal', 'general']),
  tests: z.array(
    z.object({
      productCode: z.string(),
      testId: z.number().int().nullable(),
      title: z.string(),
      priceCents: z.number().int(),
      memberPriceCents: z.number().int(),
      why: z.string(),
    }),
  ),
  foods: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), why: z.string() })),
  supplements: z.array(z.object({ id: z.string(), name: z.string(), note: z.string(), why: z.string() })),
});

/** A Base Daily member's own pages: today's meals and the food log (members only; anyone else gets a 403 that says why). */
export const dailyRoutes: FastifyPluginAsyncZod = async (app) => {
  const resultsDeps = (): ResultsDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/daily/meal-plan',
    {
      schema: {
        tags: ['account'],
        summary: 'Today’s meals for the Base Daily member, from their latest results (an audited read), their goal or the general advice',
        response: { 200: mealPlanSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      await requireMember(app.db, user.id);
      return memberMealPlan(resultsDeps(), user, request.ip);
    },
  );

  app.get(
    '/daily/marketplace',
    {
      schema: {
        tags: ['account'],
        summary:
          'The Base Daily member’s products marketplace, chosen for the same plan as their meals: tests with the member price, foods, supplements to discuss with a clinician',
        response: { 200: marketplaceSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      await requireMember(app.db, user.id);
      return memberMarketplace(resultsDeps(), user, request.ip);
    },
  );

  app.get(
    '/daily/food-log',
    {
      schema: {
        tags: ['account'],
        summary: 'The Base Daily member’s food log of the last 7 days, newest day first',
        response: { 200: foodLogSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return viewFoodLog(app.db, user.id);
    },
  );

  app.post(
    '/daily/food-log',
    {
      schema: {
        tags: ['account'],
        summary: 'Log a meal: today or one of the last 30 days',
        body: foodLogEntrySchema,
        response: { 201: entrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await logFood(app.db, user.id, request.body));
    },
  );

  app.delete(
    '/daily/food-log/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove an entry of the member’s own food log',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({ removed: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      await removeFoodLogEntry(app.db, user.id, request.params.id);
      return { removed: request.params.id };
    },
  );
};
