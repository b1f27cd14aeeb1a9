import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { errorResponses } from '../schemas.ts';
import { findSubscriptionWithOrder } from './repository.ts';
import { subscriptionViewSchema } from './routes.ts';
import { listMemberSubscriptions } from './service.ts';

/**
 * A clock for the browser tests of renewals, mounted only with SHOP_TEST_CLOCK=1 (refused in
 * production): the signed-in member's own subscription has its queued charges run by the job
 * worker as of a later moment, through the same claim and handler as on their day. Nothing else in
 * the queue runs, so other customers' jobs keep their time. The same for the yearly reminder of
 * the terms. Left out of the API's documentation.
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

  app.post(
    '/test-clock/subscriptions/:id/yearly-reminder',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.uuid() }),
        body: z.strictObject({ at: z.iso.datetime() }),
        response: { 200: z.object({ ran: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const found = await findSubscriptionWithOrder(app.db, request.params.id);
      if (!found || found.subscription.userId !== user.id) throw notFound('SUBSCRIPTION_NOT_FOUND', 'We could not find this subscription.');
      // the yearly reminder's job as the worker runs it, as of `at`, for this subscription alone
      const at = new Date(request.body.at);
      const payload = { subscriptionId: request.params.id };
      await enqueue(app.db, { name: 'subscription.yearly_reminders', payload, runAt: at, singletonKey: `test-clock:${randomUUID()}` });
      return { ran: await app.jobs.runDueJobs({ now: at, only: { name: 'subscription.yearly_reminders', payload } }) };
    },
  );
};
