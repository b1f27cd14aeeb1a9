import { and, desc, eq } from 'drizzle-orm';
import { affiliateApprovalSchema, affiliateDeclineSchema, formatMoney, ledgerVoidSchema } from '@shop/core';
import { affiliateCodes, affiliates, orders, payouts, rewardLedger } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { approveApplication, declineApplication, type ApplicationDeps } from './applications.ts';

const entryView = z.object({
  id: z.string(),
  kind: z.string(),
  entry: z.string(),
  affiliate: z.string().nullable(),
  code: z.string().nullable(),
  orderNumber: z.number().int(),
  amount: z.string(),
  status: z.string(),
  reason: z.string(),
  clearsAt: z.string(),
});

const decisionView = z.object({ id: z.string(), status: z.string(), codes: z.array(z.string()) });

/**
 * The console's affiliates: the applications waiting for a decision, each affiliate with their
 * codes, the reward ledger (newest first) and the payouts; an operator approves an application
 * (codes, landing, commission) or declines it with a reason, and voids a pending entry with a
 * reason; the audit log keeps who did.
 */
export const adminAffiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ApplicationDeps => ({ db: app.db, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets });

  app.get(
    '/affiliates',
    {
      config: { roles: ['operator', 'support'] },
      schema: {
        tags: ['admin'],
        summary: 'Applications to decide, affiliates with their codes, the reward ledger and the payouts',
        response: {
          200: z.object({
            applications: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                email: z.string(),
                website: z.string(),
                promotion: z.string(),
                appliedAt: z.string(),
              }),
            ),
            affiliates: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                status: z.string(),
                commissionPercent: z.number().int(),
                codes: z.array(z.string()),
              }),
            ),
            ledger: z.array(entryView),
            payouts: z.array(
              z.object({ id: z.string(), affiliate: z.string(), period: z.string(), amount: z.string(), reference: z.string().nullable() }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async () => {
      const [people, codes, entries, payoutRows] = await Promise.all([
        app.db.select().from(affiliates).orderBy(affiliates.name),
        app.db.select().from(affiliateCodes).orderBy(affiliateCodes.code),
        app.db
          .select({ entry: rewardLedger, affiliate: affiliates.name, orderNumber: orders.number })
          .from(rewardLedger)
          .innerJoin(orders, eq(orders.id, rewardLedger.orderId))
          .leftJoin(affiliates, eq(affiliates.id, rewardLedger.affiliateId))
          .orderBy(desc(rewardLedger.createdAt))
          .limit(200),
        app.db
          .select({ payout: payouts, affiliate: affiliates.name })
          .from(payouts)
          .innerJoin(affiliates, eq(affiliates.id, payouts.affiliateId))
          .orderBy(desc(payouts.createdAt))
          .limit(200),
      ]);
      return {
        // oldest first: the applicant who has waited longest is answered first
        applications: people
          .filter((person) => person.status === 'applied')
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((person) => ({
            id: person.id,
            name: person.name,
            email: person.email,
            website: person.website ?? '',
            promotion: person.promotion ?? '',
            appliedAt: person.createdAt.toISOString(),
          })),
        affiliates: people.map((person) => ({
          id: person.id,
          name: person.name,
          status: person.status,
          commissionPercent: person.commissionPercent,
          codes: codes.filter((code) => code.affiliateId === person.id).map((code) => code.code),
        })),
        ledger: entries.map(({ entry, affiliate, orderNumber }) => ({
          id: entry.id,
          kind: entry.kind,
          entry: entry.entry,
          affiliate,
          code: entry.affiliateCode,
          orderNumber,
          amount: formatMoney(entry.amountCents),
          status: entry.status,
          reason: entry.reason,
          clearsAt: entry.clearsAt.toISOString(),
        })),
        payouts: payoutRows.map(({ payout, affiliate }) => ({
          id: payout.id,
          affiliate,
          period: payout.period,
          amount: formatMoney(payout.amountCents),
          reference: payout.reference,
        })),
      };
    },
  );

  app.post(
    '/affiliates/:id/approve',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Approve an application: the codes, the landing’s words and the commission (operators only, audited, e-mailed)',
        params: z.object({ id: z.uuid({ error: 'Unknown application' }) }),
        body: affiliateApprovalSchema,
        response: { 200: decisionView, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await request.requireUser();
      return approveApplication(deps(), { id: actor.id, role: actor.role ?? 'unknown', ip: request.ip }, request.params.id, request.body);
    },
  );

  app.post(
    '/affiliates/:id/decline',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Decline an application with the reason the applicant is sent (operators only, audited)',
        params: z.object({ id: z.uuid({ error: 'Unknown application' }) }),
        body: affiliateDeclineSchema,
        response: { 200: decisionView, ...errorResponses },
      },
    },
    async (request) => {
      const actor = await request.requireUser();
      const who = { id: actor.id, role: actor.role ?? 'unknown', ip: request.ip };
      return declineApplication(deps(), who, request.params.id, request.body.reason);
    },
  );

  app.post(
    '/affiliates/ledger/:id/void',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Void a pending ledger entry, with the reason (operators only, audited)',
        params: z.object({ id: z.uuid({ error: 'Unknown entry' }) }),
        body: ledgerVoidSchema,
        response: { 200: entryView.pick({ id: true, status: true, reason: true }), ...errorResponses },
      },
    },
    async (request) => {
      const actor = await request.requireUser();
      return app.db.transaction(async (tx) => {
        const [found] = await tx.select().from(rewardLedger).where(eq(rewardLedger.id, request.params.id)).for('update');
        if (!found) throw notFound('LEDGER_ENTRY_NOT_FOUND', 'There is no such ledger entry.');
        const reason = `Voided by an operator: ${request.body.reason}`;
        const [voided] = await tx
          .update(rewardLedger)
          .set({ status: 'voided', voidedAt: new Date(), reason })
          .where(and(eq(rewardLedger.id, found.id), eq(rewardLedger.status, 'pending')))
          .returning();
        if (!voided) throw conflict('LEDGER_ENTRY_NOT_PENDING', `Only a pending entry can be voided; this one is ${found.status}.`);
        await recordAudit(tx, {
          actor: { id: actor.id, role: actor.role ?? 'unknown' },
          action: 'reward_ledger.void',
          subjectType: 'reward_ledger',
          subjectId: found.id,
          detail: { reason: request.body.reason, orderId: found.orderId, amountCents: found.amountCents },
          ip: request.ip,
        });
        return { id: voided.id, status: voided.status, reason: voided.reason };
      });
    },
  );
};
