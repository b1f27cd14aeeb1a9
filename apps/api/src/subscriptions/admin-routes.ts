import { kitShipmentSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptionRoles } from '../orders/permissions.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { shipDelivery, subscriptionsConsole } from './console.ts';
import { announcePriceChange, listPriceChanges } from './renewal-notices.ts';

const priceChangeSchema = z.object({
  id: z.string(),
  productCode: z.string(),
  priceCents: z.number().int(),
  effectiveOn: z.string(),
  announcedAt: z.string(),
  appliedAt: z.string().nullable(),
  /** how many members were e-mailed the notice: the change reaches only them */
  noticed: z.number().int(),
});

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

  app.get(
    '/subscriptions/price-changes',
    {
      config: { roles: subscriptionRoles.price },
      schema: {
        tags: ['admin'],
        summary: 'The renewing prices changed, each with its day and how many members were told',
        response: { 200: z.object({ priceChanges: z.array(priceChangeSchema) }), ...errorResponses },
      },
    },
    async () => ({
      priceChanges: (await listPriceChanges(app.db)).map((change) => ({
        ...change,
        announcedAt: change.announcedAt.toISOString(),
        appliedAt: change.appliedAt?.toISOString() ?? null,
      })),
    }),
  );

  app.post(
    '/subscriptions/price-changes',
    {
      config: { roles: subscriptionRoles.price },
      schema: {
        tags: ['admin'],
        summary: 'Change the renewing price of a subscription product (operators): every member is e-mailed the notice now',
        description:
          'The only way a subscription’s price changes. effectiveOn must fall 7 to 30 days after today (California’s auto-renewal law): 422 PRICE_CHANGE_NOTICE otherwise. The change applies on that day to the subscriptions told of it.',
        body: z.strictObject({
          productCode: z.enum(['base-daily', 'base-monitor']),
          priceCents: z.number().int().min(1).max(100_000),
          effectiveOn: z.iso.date(),
        }),
        response: {
          201: z.object({ id: z.string(), effectiveOn: z.string(), noticed: z.number().int() }),
          422: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const announced = await announcePriceChange(
        app.db,
        { id: user.id, role: user.role ?? 'operator', ip: request.ip },
        request.body,
        app.config.PUBLIC_URL,
      );
      return reply.status(201).send(announced);
    },
  );
};
