import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { createDueRetests } from './retests.ts';

/**
 * A clock for the browser tests of the program's retests, mounted only with SHOP_TEST_CLOCK=1
 * (refused in production): makes the signed-in member's own retests that are due as of a later
 * moment, through the same code as the hourly `program.retests` job. Other members' programs keep
 * their time. Left out of the API's documentation.
 */
export const programTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/program/retests',
    {
      schema: {
        hide: true,
        body: z.strictObject({ at: z.iso.datetime() }),
        response: { 200: z.object({ created: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const created = await createDueRetests({ db: app.db, events: app.events }, new Date(request.body.at), { userId: user.id });
      return { created };
    },
  );
};
