import { formatMoney } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { affiliateOfUser, conversionPercent, dashboardCsv, dashboardOf, workingCodesOf } from './dashboard.ts';

const dashboardSchema = z.object({
  affiliate: z.object({ name: z.string(), commissionPercent: z.number().int() }),
  links: z.array(z.object({ code: z.string(), link: z.string() })),
  rows: z.array(
    z.object({
      code: z.string(),
      month: z.string(),
      clicks: z.number().int(),
      firstOrders: z.number().int(),
      conversion: z.string(),
      pending: z.string(),
      approved: z.string(),
      paid: z.string(),
      clawedBack: z.string(),
    }),
  ),
});

/**
 * The affiliate's own area (`/api/affiliate`, role affiliate): their dashboard and its CSV. Every
 * answer is read for the affiliate of the signed-in account; an account that is no affiliate's
 * gets a 404, and no route takes another affiliate's id.
 */
export const affiliateAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  async function mine(userId: string) {
    const affiliate = await affiliateOfUser(app.db, userId);
    if (!affiliate) throw notFound('AFFILIATE_NOT_FOUND', 'No affiliate account belongs to this sign-in.');
    return affiliate;
  }

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'The affiliate’s links, and their clicks, first orders and earnings per code and month',
        response: { 200: dashboardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const affiliate = await mine((await request.requireUser()).id);
      const [rows, codes] = await Promise.all([dashboardOf(app.db, affiliate.id), workingCodesOf(app.db, affiliate)]);
      return {
        affiliate: { name: affiliate.name, commissionPercent: affiliate.commissionPercent },
        // the landing of each working code, to share: it works in any case, as people type it
        links: codes.map((code) => ({ code, link: `${app.config.PUBLIC_URL}/affiliate/${encodeURIComponent(code.toLowerCase())}` })),
        rows: rows.map((row) => ({
          code: row.code,
          month: row.month,
          clicks: row.clicks,
          firstOrders: row.firstOrders,
          conversion: conversionPercent(row) === '' ? '–' : `${conversionPercent(row)}%`,
          pending: formatMoney(row.pendingCents),
          approved: formatMoney(row.approvedCents),
          paid: formatMoney(row.paidCents),
          clawedBack: formatMoney(row.clawedBackCents),
        })),
      };
    },
  );

  app.get(
    '/dashboard.csv',
    { schema: { tags: ['affiliates'], summary: 'The affiliate’s dashboard as CSV', response: { 200: z.string(), ...errorResponses } } },
    async (request, reply) => {
      const affiliate = await mine((await request.requireUser()).id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="affiliate-dashboard.csv"')
        .send(dashboardCsv(await dashboardOf(app.db, affiliate.id)));
    },
  );
};
