import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { quizCookie } from './cookie.ts';
import { consentOrigin, givenConsentSchema } from '../health-consents/request.ts';
import { recordRequestConversion } from '../experiments/service.ts';
import { getLatestQuizResult, getQuizResult, submitQuiz, type QuizReader } from './service.ts';

const quizResultSchema = z.object({
  id: z.uuid(),
  variant: z.string(),
  createdAt: z.string(),
  title: z.string(),
  areas: z.array(z.string()),
  gift: z.boolean(),
  goal: z.object({ slug: z.string(), name: z.string(), goalId: z.number().nullable() }),
  starterTest: z.object({
    id: z.number(),
    title: z.string(),
    overview: z.string(),
    type: z.string(),
    biomarkers: z.array(z.string()),
    priceCents: z.number().int(),
    price: z.string(),
  }),
});

async function readerOf(request: FastifyRequest): Promise<QuizReader> {
  const user = await request.currentUser();
  return { visitorId: quizCookie.read(request), userId: user?.id ?? null };
}

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quiz-results',
    {
      schema: {
        tags: ['quiz'],
        summary: 'Store quiz answers and get the recommended starter test',
        body: z.strictObject({
          variant: z.string().max(40).default('quiz'),
          // checked against the variant's own questions in the service
          answers: z.record(z.string(), z.unknown(), { error: 'Please answer the questions' }),
          // the consent to collect health data, given on the quiz's first screen; without it (and
          // without one given before and not withdrawn) nothing is stored: 422 CONSENT_REQUIRED
          consent: givenConsentSchema.optional(),
        }),
        response: { 201: quizResultSchema, 422: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const reader = await readerOf(request);
      // a browser keeps its visitor id from one quiz to the next, so it reads all it took
      const visitorId = reader.visitorId ?? randomUUID();
      const result = await submitQuiz(
        app.db,
        request.body.variant,
        request.body.answers,
        { visitorId, userId: reader.userId },
        { given: request.body.consent, origin: consentOrigin(request) },
      );
      quizCookie.write(reply, visitorId, app.config.NODE_ENV === 'production');
      await recordRequestConversion(app.db, request, { metric: 'quiz_completed', source: result.id });
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/quiz-results/latest',
    {
      schema: {
        tags: ['quiz'],
        summary: 'The visitor’s latest quiz result, for the welcome-back page',
        response: { 200: quizResultSchema, ...errorResponses },
      },
    },
    async (request) => getLatestQuizResult(app.db, await readerOf(request)),
  );

  app.get(
    '/quiz-results/:id',
    {
      schema: {
        tags: ['quiz'],
        summary: 'A quiz result of this browser or account; QUIZ_RESULT_NOT_FOUND while it does not exist, and for anyone else’s',
        params: z.object({ id: z.string() }),
        response: { 200: quizResultSchema, ...errorResponses },
      },
    },
    async (request) => getQuizResult(app.db, request.params.id, await readerOf(request)),
  );
};
