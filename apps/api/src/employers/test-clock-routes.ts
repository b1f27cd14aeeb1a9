import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { runInvoices } from './invoices.ts';
import { adminGroupOf } from './portal.ts';

/**
 * A clock for the browser tests of the employer's invoices, mounted only with SHOP_TEST_CLOCK=1
 * (refused in production): the signed-in employer admin's own group is invoiced as the monthly
 * `employers.invoice` job would at a later moment, through the same code and the same invoicing port
 * (INVOICING: the embedded PDF, or Stripe Invoicing); other groups keep their time. Left out of the
 * API's documentation.
 */
export const employerTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/employers/invoices',
    {
      schema: {
        hide: true,
        body: z.strictObject({ at: z.iso.datetime() }),
        response: { 200: z.object({ issued: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      const group = await adminGroupOf(app.db, (await request.requireUser()).id);
      const run = await runInvoices({ db: app.db, events: app.events }, app.invoicing, new Date(request.body.at), {
        groupId: group.id,
      });
      return { issued: run.issued.length };
    },
  );
};
