import { formatMoney } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { approveProgramCharge, confirmProgramCharge, viewProgramCharge, type ApprovalResult } from './approval.ts';

const params = z.object({ orderId: z.uuid({ error: 'Unknown order' }) });
const chargeSchema = z.object({
  orderNumber: z.number(),
  amount: z.string().nullable(),
  state: z.enum(['awaiting_approval', 'paid', 'nothing_due']),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
const approvalSchema = z.object({ state: z.literal('paid') });
const actionSchema = z.object({ requiresAction: z.object({ clientSecret: z.string() }) });

function answer(result: ApprovalResult) {
  return result.kind === 'paid'
    ? ({ status: 200, body: { state: 'paid' as const } } as const)
    : ({ status: 202, body: { requiresAction: { clientSecret: result.clientSecret } } } as const);
}

/** The page an e-mail links to when the bank held back the Improvement Program charge. */
export const programChargeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkout/program-charges/:orderId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The Improvement Program charge of an order: waiting for approval, paid, or nothing due',
        params,
        response: { 200: chargeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const view = await viewProgramCharge(app.db, request.params.orderId, user.id);
      const shown = view.paid ?? view.waiting;
      return {
        orderNumber: view.order.number,
        amount: shown ? formatMoney(shown.amountCents) : null,
        state: view.paid ? ('paid' as const) : view.waiting ? ('awaiting_approval' as const) : ('nothing_due' as const),
        card: shown?.cardBrand && shown.cardLast4 ? { brand: shown.cardBrand, last4: shown.cardLast4 } : null,
      };
    },
  );

  app.post(
    '/checkout/program-charges/:orderId/approval',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Approve the held-back program charge, with the saved card or another one',
        params,
        body: z.strictObject({ paymentMethod: z.string().min(1).max(200).optional() }),
        response: { 200: approvalSchema, 202: actionSchema, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await approveProgramCharge(app.checkout, {
        orderId: request.params.orderId,
        userId: user.id,
        paymentMethod: request.body.paymentMethod ?? null,
      });
      const { status, body } = answer(result);
      return reply.status(status).send(body);
    },
  );

  app.post(
    '/checkout/program-charges/:orderId/confirm',
    {
      schema: {
        tags: ['checkout'],
        summary: "After the bank's check: look the approval up and finish it",
        params,
        response: { 200: approvalSchema, 202: actionSchema, 402: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { status, body } = answer(await confirmProgramCharge(app.checkout, request.params.orderId, user.id));
      return reply.status(status).send(body);
    },
  );
};
