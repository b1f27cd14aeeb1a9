import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { findSubscriptionWithOrder } from './repository.ts';
import { subscriptionViewSchema } from './routes.ts';
import { listMemberSubscriptions } from './service.ts';

/**
 * A clock for the browser tests of renewals, mounted only with SHOP_TEST_CLOCK=1 (refused in
 * production): the signed-in member's own subscription has its queued charges run by the job
 * worker as of a later moment, through the same claim and handler as on their day. Nothing else in
 * the queue runs, so other customers' jobs keep their time. Left out of the API's documentation.
 */
export const subscriptionTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/subscriptions/:id/charges',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.uuid() }),
        body: z.strictObject({ at: z.iso.datetime() }),
        response: { 200: z.object({ ran: z.number().int(), subscription: subscriptionViewSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const missing = () => notFound('SUBSCRIPTION_NOT_FOUND', 'We could not find this subscription.');
      const found = await findSubscriptionWithOrder(app.db, request.params.id);
      if (!found || found.subscription.userId !== user.id) throw missing();
      const ran = await app.jobs.runDueJobs({
        now: new Date(request.body.at),
        only: { name: 'subscription.deliver', payload: { subscriptionId: request.params.id } },
      });
      const subscription = (await listMemberSubscriptions(app.db, user.id)).find((candidate) => candidate.id === request.params.id);
      if (!subscription) throw missing();
      return { ran, subscription };
    },
  );
};
