import { shoppingListEmailSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ResultsDeps } from '../results/service.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { emailShoppingList, memberProgram } from './plan-service.ts';
import { thirdTestOffer } from './third-test.ts';

const because = z.array(z.string());
const day = z.string();

const programSchema = z.object({
  order: z.object({ id: z.string(), number: z.number().int() }),
  basis: z.enum(['results', 'general']),
  goal: z.object({ slug: z.string(), name: z.string() }).nullable(),
  area: z.object({ slug: z.string(), name: z.string() }).nullable(),
  timeline: z.object({
    startedOn: day,
    endsOn: day,
    planUntil: day,
    phase: z.enum(['program', 'plan', 'over']),
    week: z.number().int().nullable(),
    weeks: z.array(z.object({ week: z.number().int(), startsOn: day, endsOn: day, state: z.enum(['done', 'current', 'next']) })),
  }),
  reasons: z.array(
    z.object({
      biomarker: z.string(),
      title: z.string(),
      flag: z.enum(['low', 'high']),
      value: z.string(),
      range: z.string(),
      reason: z.string(),
    }),
  ),
  general: z.object({ title: z.string(), reason: z.string() }).nullable(),
  favour: z.array(z.object({ id: z.string(), name: z.string(), because })),
  limit: z.array(z.object({ id: z.string(), name: z.string(), because })),
  habits: z.array(z.object({ id: z.string(), text: z.string(), because })),
  supplements: z.array(z.object({ id: z.string(), name: z.string(), note: z.string(), because })),
  note: z.string(),
  shoppingLists: z.array(
    z.object({
      week: z.number().int(),
      groups: z.array(
        z.object({ category: z.string(), label: z.string(), items: z.array(z.object({ id: z.string(), name: z.string() })) }),
      ),
    }),
  ),
});

/**
 * The member's own Improvement Program: its plan, weeks and shopping lists. Health data, so the
 * member alone: anyone else signed in has no program here (404), a visitor must sign in (401).
 */
export const programPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const resultsDeps = (): ResultsDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/program/third-test',
    {
      schema: {
        tags: ['account'],
        summary: 'The 3rd test offered at the end of the member’s Improvement Program (null before its week 8)',
        response: {
          200: z.object({
            offer: z
              .object({
                order: z.object({ id: z.string(), number: z.number().int() }),
                productCode: z.enum(['base-quiz', 'base-complete']),
                testId: z.number().int().nullable(),
                title: z.string(),
                price: z.string(),
                priceCents: z.number().int(),
                guarantee: z.string(),
              })
              .nullable(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { offer: await thirdTestOffer(app.db, user.id) };
    },
  );

  app.get(
    '/program',
    {
      schema: {
        tags: ['account'],
        summary:
          'The member’s active Improvement Program: the plan from their starter test’s results (an audited read), its timeline and weekly shopping lists',
        response: { 200: programSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return memberProgram(resultsDeps(), user, request.ip);
    },
  );

  app.post(
    '/program/shopping-list/email',
    {
      schema: {
        tags: ['account'],
        summary: 'E-mail one week’s shopping list of the program to the member (a few an hour)',
        body: shoppingListEmailSchema,
        response: { 202: z.object({ week: z.number().int(), to: z.string() }), 429: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(202).send(await emailShoppingList(resultsDeps(), user, request.body.week, request.ip));
    },
  );
};
