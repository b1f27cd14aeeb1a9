import { collectionChoiceSchema, kitRegistrationSchema } from '@shop/core';
import { kitViewSchema, nextStepSchema } from './lifecycle-views.ts';
import { orderGiftSchema } from './gift-view.ts';
import { registerKit } from './lifecycle.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { labReviewStagesOf, listOrdersOfUser, type OrderRow } from './repository.ts';
import { clinicsThatPaid, detailForCustomer, summaryForCustomer } from './paid-by-clinic.ts';
import { chooseCollection, describeOrder, getVisibleOrder, summarizeOrder } from './service.ts';
import { loadRequisition, renderRequisition } from './requisition.ts';

export const orderSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  status: z.string(),
  statusLabel: z.string(),
  email: z.string(),
  total: z.string(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  /** the clinic that paid the order for its client: the client's views then show no price */
  paidBy: z.string().nullable(),
});

export const orderDetailSchema = orderSummarySchema.extend({
  subtotal: z.string(),
  discount: z.string(),
  tax: z.string(),
  shipping: z.string(),
  deferred: z.string(),
  /** a clinic's fee on a line of its own, part of the total */
  fee: z.object({ label: z.string(), amount: z.string() }).nullable(),
  storeCredit: z.string().nullable(),
  storeCreditReturned: z.string().nullable(),
  /** a covered order: the employer, what it paid of the total, and whether it pays the program too */
  coveredBy: z.object({ employer: z.string(), amount: z.string(), program: z.boolean() }).nullable(),
  /** the gift this order redeemed: who gave it (a first name), and the program offered to a one-off gift's recipient */
  redeemedGift: z
    .object({
      type: z.enum(['one_off', 'improvement_program']),
      from: z.string(),
      programLater: z.object({ productCode: z.string(), price: z.string() }).nullable(),
    })
    .nullable(),
  items: z.array(z.object({ productCode: z.string(), title: z.string(), quantity: z.number(), unitPrice: z.string(), charge: z.string() })),
  payments: z.array(z.object({ status: z.string(), amount: z.string(), card: z.string().nullable(), createdAt: z.string() })),
  collection: z
    .object({
      method: z.enum(['home', 'lab']),
      label: z.string(),
      zipCode: z.string(),
      city: z.string().nullable(),
      labLocationId: z.string().nullable(),
      lab: z
        .object({
          name: z.string(),
          address: z.string(),
          city: z.string(),
          state: z.string(),
          zipCode: z.string(),
          hours: z.string().nullable(),
        })
        .nullable(),
      requisitionReady: z.boolean(),
    })
    .nullable(),
  timeline: z.array(z.object({ event: z.string(), status: z.string(), at: z.string(), reason: z.string().nullable() })),
  kits: z.array(kitViewSchema),
  gift: orderGiftSchema.nullable(),
  /** the clinician who approved the order, licensed where the person tested lives; null before approval */
  physician: z
    .object({
      name: z.string(),
      licenceState: z.string(),
      licenceNumber: z.string(),
      /** "Texas licence Q1234" */
      licence: z.string(),
      approvedAt: z.string(),
    })
    .nullable(),
  nextStep: nextStepSchema,
  /** the member may cancel it for a full refund now (POST /api/account/orders/{id}/cancel): nothing has shipped yet */
  selfCancel: z.boolean(),
});

const orderParams = z.object({ id: z.string().max(64) });

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const describeForCustomer = async (order: OrderRow) => {
    const [detail, paidBy] = await Promise.all([describeOrder(app.db, order), clinicsThatPaid(app.db, [order])]);
    return detailForCustomer(detail, paidBy.get(order.id));
  };

  app.get(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'The signed-in customer’s orders, newest first',
        response: { 200: z.object({ orders: z.array(orderSummarySchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const orders = await listOrdersOfUser(app.db, user.id);
      const [paidBy, labReviews] = await Promise.all([
        clinicsThatPaid(app.db, orders),
        labReviewStagesOf(
          app.db,
          orders.map((order) => order.id),
        ),
      ]);
      return {
        orders: orders.map((order) =>
          summaryForCustomer(summarizeOrder(order, { labReview: labReviews.get(order.id) }), paidBy.get(order.id)),
        ),
      };
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order with its items, payments, collection choice and timeline',
        params: orderParams,
        response: { 200: orderDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const order = await getVisibleOrder(app.db, user, request.params.id);
      return describeForCustomer(order);
    },
  );

  app.post(
    '/orders/:id/collection',
    {
      schema: {
        tags: ['orders'],
        summary: 'Choose home kit or lab for an order (once)',
        params: orderParams,
        body: collectionChoiceSchema,
        response: { 200: orderDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const order = await getVisibleOrder(app.db, user, request.params.id);
      const updated = await chooseCollection(app.db, order, request.body, user.id);
      return describeForCustomer(updated);
    },
  );

  app.post(
    '/orders/:id/kits/register',
    {
      schema: {
        tags: ['orders'],
        summary: 'Register a shipped kit by the code printed on it',
        params: orderParams,
        body: z.object({ code: z.string().max(40) }),
        response: { 200: orderDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const order = await getVisibleOrder(app.db, user, request.params.id);
      const parsed = kitRegistrationSchema.safeParse(request.body);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const result = await registerKit(
        { db: app.db, events: app.events, publicUrl: app.config.PUBLIC_URL },
        order.id,
        parsed.data.code,
        user.id,
      );
      return describeForCustomer(result.order);
    },
  );

  app.get(
    '/orders/:id/requisition.pdf',
    {
      schema: {
        tags: ['orders'],
        summary: 'The lab requisition of an order waiting at its partner lab, as a PDF, for the order’s member',
        params: orderParams,
        // the 200 is a PDF, sent as bytes; only the error bodies go through the serializer
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const order = await getVisibleOrder(app.db, user, request.params.id);
      const bytes = await renderRequisition(await loadRequisition(app.db, order, user.id));
      return reply
        .header('content-disposition', `attachment; filename="base-lab-requisition-${order.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(Buffer.from(bytes) as never);
    },
  );
};
