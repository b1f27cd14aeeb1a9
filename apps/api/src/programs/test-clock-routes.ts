import { and, eq } from 'drizzle-orm';
import { orderEvents, orders } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { runningProgramStatuses } from './plan-repository.ts';
import { createDueRetests } from './retests.ts';

/**
 * Clocks for the browser tests of a program's weeks, mounted only with SHOP_TEST_CLOCK=1 (refused
 * in production), each on the signed-in member's own running program: its start is moved to an
 * earlier day, so its week 8 (the guarantee, the 3rd test) comes now rather than in two months;
 * or its retests due at a later moment are made, through the same code as the hourly
 * `program.retests` job (other members' programs keep their time). Left out of the API's documentation.
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
