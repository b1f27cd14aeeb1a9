import { couponSchema, formatMoney, productCodes } from '@shop/core';
import { coupons } from '@shop/db';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { validationFailed } from '../validation.ts';

const couponView = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.string(),
  value: z.number(),
  label: z.string(),
  giveaway: z.boolean(),
  startsAt: z.string(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().nullable(),
  oncePerCustomer: z.boolean(),
});

// Dates travel as ISO strings here; core's coupon schema (with its rules and messages) reads them.
const couponBody = z.strictObject({
  code: z.string().max(64),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  giveaway: z.boolean().optional(),
  startsAt: z.string().max(40).optional(),
  expiresAt: z.string().max(40).optional(),
  usageLimit: z.number().optional(),
  oncePerCustomer: z.boolean().optional(),
  minimumSubtotalCents: z.number().optional(),
  productCodes: z.array(z.enum(productCodes)).optional(),
});

/** Coupons in the operator console: the team defines codes, their limits and their dates. */
export const couponAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every coupon, newest first',
        response: { 200: z.object({ coupons: z.array(couponView) }), ...errorResponses },
      },
    },
    async () => {
      const rows = await app.db.select().from(coupons).orderBy(desc(coupons.createdAt)).limit(200);
      return { coupons: rows.map(view) };
    },
  );

  app.post(
    '/coupons',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Create a coupon or a giveaway code (operators only)',
        body: couponBody,
        response: { 201: couponView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const parsed = couponSchema.safeParse({ ...request.body, startsAt: request.body.startsAt ?? new Date().toISOString() });
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const coupon = parsed.data;
      const [row] = await app.db
        .insert(coupons)
        .values({
          code: coupon.code,
          source: coupon.giveaway ? 'giveaway' : 'coupon',
          kind: coupon.kind,
          value: coupon.value,
          startsAt: coupon.startsAt,
          expiresAt: coupon.expiresAt ?? null,
          usageLimit: coupon.usageLimit ?? null,
          oncePerCustomer: coupon.oncePerCustomer,
          minSubtotalCents: coupon.minimumSubtotalCents ?? null,
          productCodes: coupon.productCodes ?? null,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('COUPON_EXISTS', `A coupon with the code ${coupon.code} already exists.`);
      return reply.status(201).send(view(row));
    },
  );
};

function view(row: typeof coupons.$inferSelect) {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    label: row.kind === 'percent' ? `${row.value}% off` : `${formatMoney(row.value)} off`,
    giveaway: row.source === 'giveaway',
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    oncePerCustomer: row.oncePerCustomer,
  };
}
