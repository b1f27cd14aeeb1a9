import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobs } from '@shop/db';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';

/**
 * For the browser test of the console's jobs page, mounted only with SHOP_TEST_CLOCK=1 (refused in
 * production): a job as the worker leaves one after its last attempt failed, with the error it
 * met. Nothing names a person. Left out of the API's documentation.
 */
export const jobsTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/jobs/failed',
    {
      schema: {
        hide: true,
        body: z.strictObject({ name: z.string().regex(/^[a-z.-]{3,60}$/), error: z.string().max(200) }),
        response: { 200: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const now = new Date();
      const [job] = await app.db
        .insert(jobs)
        .values({ name: request.body.name, status: 'failed', attempts: 5, maxAttempts: 5, lastError: request.body.error, finishedAt: now })
        .returning({ id: jobs.id });
      return { id: job!.id };
    },
  );
};
