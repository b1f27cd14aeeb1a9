import { and, eq } from 'drizzle-orm';
import { orderEvents, orders } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { runningProgramStatuses } from './plan-repository.ts';

/**
 * A clock for the browser tests of a program's end, mounted only with SHOP_TEST_CLOCK=1 (refused
 * in production): the signed-in member's own running program is made to have started on an
 * earlier day, so its week 8 (the guarantee, the 3rd test) comes now rather than in two months.
 * Left out of the API's documentation.
 */
export const programTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-clock/programs/:id/start',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.uuid() }),
        body: z.strictObject({ startedAt: z.iso.datetime() }),
        response: { 200: z.object({ startedAt: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const [order] = await app.db
        .select({ id: orders.id, status: orders.status })
        .from(orders)
        .where(and(eq(orders.id, request.params.id), eq(orders.userId, user.id)));
      if (!order || !(runningProgramStatuses as readonly string[]).includes(order.status))
        throw notFound('NO_ACTIVE_PROGRAM', 'You have no running program with this order.');
      const startedAt = new Date(request.body.startedAt);
      await app.db
        .update(orderEvents)
        .set({ createdAt: startedAt })
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'program_active')));
      return { startedAt: startedAt.toISOString() };
    },
  );
};
