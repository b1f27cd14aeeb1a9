import { formatMoney, isMembership } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { longDay } from '../email/subscription-templates.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { approveDeliveryCharge, confirmDeliveryCharge, viewDeliveryCharge, type DeliveryApprovalResult } from './approval.ts';
import { cancelSubscription, listMemberSubscriptions } from './service.ts';

export const subscriptionViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['tests', 'membership']),
  title: z.string(),
  frequency: z.string(),
  frequencyLabel: z.string(),
  priceCents: z.number().int(),
  price: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  nextDeliveryOn: z.string().nullable(),
  nextDelivery: z.string().nullable(),
  orderId: z.string(),
  orderNumber: z.number(),
  startedAt: z.string(),
  cancelledAt: z.string().nullable(),
  benefits: z.boolean(),
  accessUntil: z.string().nullable(),
  approval: z
    .object({ deliveryId: z.string(), amount: z.string(), path: z.string(), reason: z.enum(['approve', 'update_card']) })
    .nullable(),
  deliveries: z.array(
    z.object({
      sequence: z.number(),
      dueOn: z.string(),
      due: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      amount: z.string(),
      trackingNumber: z.string().nullable(),
    }),
  ),
});

const params = z.object({ id: z.string().max(64) });
const chargeSchema = z.object({
  title: z.string(),
  sequence: z.number(),
  dueOn: z.string(),
  due: z.string(),
  amount: z.string(),
  state: z.enum(['awaiting_approval', 'paid', 'nothing_due']),
  /** what is asked: approve a charge the bank held back, or (a membership's declined renewal) pay with another card */
  reason: z.enum(['approve', 'update_card']),
  membership: z.boolean(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
const approvalSchema = z.object({ state: z.literal('paid') });
const actionSchema = z.object({ requiresAction: z.object({ clientSecret: z.string() }) });

function answer(result: DeliveryApprovalResult) {
  return result.kind === 'paid'
    ? ({ status: 200, body: { state: 'paid' as const } } as const)
    : ({ status: 202, body: { requiresAction: { clientSecret: result.clientSecret } } } as const);
}

/** The member's test subscriptions: see them, cancel one, approve a delivery their bank held back. */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, gateway: app.payments, events: app.events, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in member’s test subscriptions and Base Daily membership, newest first, with their next charge',
        response: { 200: z.object({ subscriptions: z.array(subscriptionViewSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { subscriptions: await listMemberSubscriptions(app.db, user.id) };
    },
  );

  app.post(
    '/subscriptions/:id/cancel',
    {
      schema: {
        tags: ['account'],
        summary:
          'Cancel a test subscription (nothing more is charged or sent; a kit already paid still ships) or a membership (it ends with the month already paid for)',
        params,
        response: { 200: subscriptionViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return cancelSubscription(deps(), user.id, request.params.id);
    },
  );

  app.get(
    '/subscriptions/deliveries/:id/charge',
    {
      schema: {
        tags: ['account'],
        summary: 'A delivery’s charge: waiting for the member’s approval, paid, or nothing due',
        params,
        response: { 200: chargeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const view = await viewDeliveryCharge(app.db, request.params.id, user.id);
      const { delivery, subscription } = view.found;
      const shown = view.paid ?? view.waiting;
      return {
        title: subscription.title,
        sequence: delivery.sequence,
        dueOn: delivery.dueOn,
        due: longDay(delivery.dueOn),
        amount: formatMoney(delivery.amountCents),
        state: view.paid ? ('paid' as const) : view.waiting ? ('awaiting_approval' as const) : ('nothing_due' as const),
        reason: view.reason,
        membership: isMembership(subscription.productCode),
        card: shown?.cardBrand && shown.cardLast4 ? { brand: shown.cardBrand, last4: shown.cardLast4 } : null,
      };
    },
  );

  app.post(
    '/subscriptions/deliveries/:id/approval',
    {
      schema: {
        tags: ['account'],
        summary: 'Approve a delivery’s held-back charge, with the saved card or another one',
        params,
        body: z.strictObject({ paymentMethod: z.string().min(1).max(200).optional() }),
        response: { 200: approvalSchema, 202: actionSchema, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await approveDeliveryCharge(deps(), {
        deliveryId: request.params.id,
        userId: user.id,
        paymentMethod: request.body.paymentMethod ?? null,
      });
      const { status, body } = answer(result);
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/subscriptions/deliveries/:id/confirm',
    {
      schema: {
        tags: ['account'],
        summary: "After the bank's check: look the approval up and finish it",
        params,
        response: { 200: approvalSchema, 202: actionSchema, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { status, body } = answer(await confirmDeliveryCharge(deps(), request.params.id, user.id));
      return reply.status(status).send(body);
    },
  );
};
