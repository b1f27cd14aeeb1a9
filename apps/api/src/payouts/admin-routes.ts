import { payeeKinds, payoutAccountSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { errorResponses } from '../schemas.ts';
import { payoutsOverview, setPayoutAccount } from './console.ts';
import { payoutBatchCsv } from './run.ts';

const payeeKind = z.enum(payeeKinds);

/**
 * The console's payouts: who is owed what (affiliates and clinics), where each one's transfers go,
 * the payouts of each month and their batch as CSV. Setting a payee's account is for operators
 * and audited; the page, with its account ids, is for operators alone.
 */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payouts',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Payees with what they are owed and their payout account, and the latest payouts',
        response: {
          200: z.object({
            payees: z.array(
              z.object({ kind: payeeKind, id: z.string(), name: z.string(), owed: z.string(), stripeAccountId: z.string().nullable() }),
            ),
            payouts: z.array(
              z.object({
                id: z.string(),
                payee: z.string(),
                kind: payeeKind,
                period: z.string(),
                amount: z.string(),
                status: z.string(),
                reference: z.string().nullable(),
                waitingFor: z.string().nullable(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async () => payoutsOverview(app.db),
  );

  app.get(
    '/payouts/batch.csv',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'A month’s payouts as CSV, for the bank or the bookkeeper (operators only)',
        querystring: z.object({ period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month as YYYY-MM.' }) }),
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const csv = await payoutBatchCsv(app.db, request.query.period);
      // the batch names payees and their addresses: its export is worth a line in the audit log
      await recordAudit(app.db, {
        actor: { id: user.id, role: user.role ?? 'unknown' },
        action: 'payouts.export',
        subjectType: 'payout_batch',
        subjectId: request.query.period,
        ip: request.ip,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${request.query.period}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/payouts/accounts',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Set the Stripe account a payee’s transfers go to (operators only, audited)',
        body: payoutAccountSchema,
        response: { 200: z.object({ stripeAccountId: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const actor = await request.requireUser();
      return setPayoutAccount(app.db, { id: actor.id, role: actor.role ?? 'unknown', ip: request.ip }, request.body);
    },
  );
};
