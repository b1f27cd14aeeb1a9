import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { quizCookie } from './cookie.ts';
import { getLatestQuizResult, getQuizResult, submitQuiz } from './service.ts';

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
        }),
        response: { 201: quizResultSchema, 422: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const result = await submitQuiz(app.db, request.body.variant, request.body.answers, user?.id ?? null);
      quizCookie.write(reply, result.id, app.config.NODE_ENV === 'production');
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
    async (request) => getLatestQuizResult(app.db, quizCookie.read(request)),
  );

  app.get(
    '/quiz-results/:id',
    {
      schema: {
        tags: ['quiz'],
        summary: 'A stored quiz result; QUIZ_RESULT_NOT_FOUND while it does not exist',
        params: z.object({ id: z.string() }),
        response: { 200: quizResultSchema, ...errorResponses },
      },
    },
    async (request) => getQuizResult(app.db, request.params.id),
  );
};
