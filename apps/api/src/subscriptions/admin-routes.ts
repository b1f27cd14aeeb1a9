import { kitShipmentSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptionRoles } from '../orders/permissions.ts';
import { errorResponses } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { shipDelivery, subscriptionsConsole } from './console.ts';

const customerSchema = z.object({ name: z.string(), email: z.string() });
const subscriptionLineSchema = z.object({
  id: z.string(),
  title: z.string(),
  customer: customerSchema,
  orderId: z.string(),
  orderNumber: z.number(),
  frequencyLabel: z.string(),
  price: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  nextDeliveryOn: z.string().nullable(),
  startedAt: z.string(),
  cancelledAt: z.string().nullable(),
});
const deliveryLineSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  title: z.string(),
  customer: customerSchema,
  orderNumber: z.number(),
  sequence: z.number(),
  dueOn: z.string(),
  amount: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  trackingNumber: z.string().nullable(),
  chargedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
});
const consoleSchema = z.object({
  today: z.string(),
  due: z.array(subscriptionLineSchema),
  attention: z.array(deliveryLineSchema),
  toShip: z.array(deliveryLineSchema),
  shipped: z.array(deliveryLineSchema),
  subscriptions: z.array(subscriptionLineSchema),
  /** whether the signed-in role may ship deliveries */
  canShip: z.boolean(),
});

/** The test subscriptions console: operators and support see it; operators ship the deliveries. */
export const adminSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions',
    {
      config: { roles: subscriptionRoles.view },
      schema: {
        tags: ['admin'],
        summary: 'Test subscriptions: deliveries due, waiting, paid to ship and shipped, and every subscription',
        response: { 200: consoleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { ...(await subscriptionsConsole(app.db)), canShip: (subscriptionRoles.ship as readonly string[]).includes(user.role ?? '') };
    },
  );

  app.post(
    '/subscriptions/deliveries/:id/ship',
    {
      config: { roles: subscriptionRoles.ship },
      schema: {
        tags: ['admin'],
        summary: 'Ship a paid delivery with its tracking number (operators); the customer is e-mailed',
        params: z.object({ id: z.string().max(64) }),
        body: z.object({ trackingNumber: z.string().max(200) }),
        response: {
          200: z.object({ id: z.string(), status: z.string(), trackingNumber: z.string().nullable(), shippedAt: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const parsed = kitShipmentSchema.safeParse(request.body);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const shipped = await shipDelivery({ db: app.db, publicUrl: app.config.PUBLIC_URL }, request.params.id, parsed.data.trackingNumber, {
        user,
        ip: request.ip,
      });
      return {
        id: shipped.id,
        status: shipped.status,
        trackingNumber: shipped.trackingNumber,
        shippedAt: shipped.shippedAt?.toISOString() ?? null,
      };
    },
  );
};
