import { formatMoney } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { listUnbilledPrograms, retryProgramBilling } from '../programs/unbilled.ts';
import { errorResponses } from '../schemas.ts';
import { listFailedRenewals, retryRenewal } from '../subscriptions/failed-renewals.ts';

const retried = z.object({ message: z.string(), attempt: z.number() });

/**
 * Charges that need a person, in the console for operators: unbilled Improvement Programs and
 * failed renewals of test subscriptions and memberships, each with a retry (audited) that queues
 * one more try of the job that charges it, so the money moves through the usual billing, once.
 */
export const adminChargeRetryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/billing/stuck',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Unbilled programs and failed renewals, with no try queued',
        response: {
          200: z.object({
            programs: z.array(
              z.object({
                orderId: z.string(),
                orderNumber: z.number(),
                amount: z.string(),
                tries: z.number(),
                lastTry: z.object({ status: z.string(), failureCode: z.string().nullable(), at: z.string() }).nullable(),
              }),
            ),
            renewals: z.array(
              z.object({
                deliveryId: z.string(),
                title: z.string(),
                orderId: z.string(),
                orderNumber: z.number(),
                sequence: z.number(),
                dueOn: z.string(),
                amount: z.string(),
                subscriptionStatus: z.string(),
                failureCode: z.string().nullable(),
                tries: z.number(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      const [programs, renewals] = [await listUnbilledPrograms(app.db), await listFailedRenewals(app.db)];
      reply.header('cache-control', 'private, no-store');
      return {
        programs: programs.map(({ amountCents, lastTry, ...program }) => ({
          ...program,
          amount: formatMoney(amountCents),
          lastTry: lastTry ? { ...lastTry, at: lastTry.at.toISOString() } : null,
        })),
        renewals: renewals.map(({ amountCents, subscriptionId: _subscription, ...renewal }) => ({
          ...renewal,
          amount: formatMoney(amountCents),
        })),
      };
    },
  );

  app.post(
    '/billing/programs/:orderId/retry',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Try once more to bill an unbilled Improvement Program',
        params: z.object({ orderId: z.uuid() }),
        response: { 200: retried, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.db.transaction(async (tx) => {
        const { orderNumber, attempt } = await retryProgramBilling(tx, request.params.orderId, new Date());
        await recordAudit(tx, {
          actor: { id: user.id, role: user.role ?? 'operator' },
          action: 'program.billing_retry',
          subjectType: 'order',
          subjectId: request.params.orderId,
          detail: { attempt },
          ip: request.ip,
        });
        return { message: `Order ${orderNumber}'s program charge is queued to be tried again.`, attempt };
      });
    },
  );

  app.post(
    '/billing/renewals/:deliveryId/retry',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Try once more to charge a failed renewal',
        params: z.object({ deliveryId: z.uuid() }),
        response: { 200: retried, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return app.db.transaction(async (tx) => {
        const {
          title,
          sequence,
          attempt,
          subscriptionId: renewalSubscription,
        } = await retryRenewal(tx, request.params.deliveryId, new Date());
        await recordAudit(tx, {
          actor: { id: user.id, role: user.role ?? 'operator' },
          action: 'subscription.renewal_retry',
          subjectType: 'subscription',
          subjectId: renewalSubscription,
          detail: { deliveryId: request.params.deliveryId, sequence, attempt },
          ip: request.ip,
        });
        return { message: `${title}, delivery ${sequence}, is queued to be charged again.`, attempt };
      });
    },
  );
};
