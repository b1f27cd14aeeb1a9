import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cancelBeforeShipping } from '../billing/member-cancel.ts';
import { describeOrder } from '../orders/service.ts';
import { clinicsThatPaid, detailForCustomer } from '../orders/paid-by-clinic.ts';
import { orderDetailSchema } from '../orders/routes.ts';
import { errorResponses, errorSchema } from '../schemas.ts';

/** The member cancels their own order before it ships, for a full refund (docs/decisions/0069-consents-the-api-records.md). */
export const orderCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        summary: 'Cancel one’s own order before its kit ships or its lab order is sent: refunded in full, once',
        description:
          '409 ORDER_NOT_CANCELLABLE once a kit shipped or the lab order was sent (or a clinic paid); a second request answers the same refunded order. 502 REFUND_FAILED leaves the order cancelled: the same request finishes the refund.',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: orderDetailSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const deps = { db: app.db, gateway: app.payments, events: app.events, publicUrl: app.config.PUBLIC_URL };
      const order = await cancelBeforeShipping(deps, user, request.params.id, request.ip || null);
      const [detail, paidBy] = await Promise.all([describeOrder(app.db, order), clinicsThatPaid(app.db, [order])]);
      return detailForCustomer(detail, paidBy.get(order.id));
    },
  );
};
