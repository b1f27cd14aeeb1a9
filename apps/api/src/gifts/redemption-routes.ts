import { giftRedemptionSchema, redemptionChoiceSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { checkGiftCode, redeemGift } from './redemption.ts';

const giftViewSchema = z.object({
  type: z.enum(['one_off', 'improvement_program']),
  title: z.string(),
  /** the purchaser's first name, and nothing else about them */
  from: z.string(),
  message: z.string().nullable(),
  includesProgram: z.boolean(),
  options: z.array(
    z.object({
      choice: redemptionChoiceSchema,
      label: z.string(),
      testTitle: z.string(),
      description: z.string(),
    }),
  ),
  programLater: z.object({ productCode: z.string(), price: z.string() }).nullable(),
});

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Idempotency-Key must be 8 to 100 letters, digits, - or _' })
  .optional();

const orderSchema = z.object({ id: z.string(), number: z.number(), status: z.string() });

// every try costs one: typos get through, guessing 80-bit codes one by one does not
const codeTries = rateLimited({ limit: limits.giftCodesPerAddress, by: 'address' });

/** The recipient's side of a gift: check the code, then redeem it for a $0 order. */
export const giftRedemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/gifts/check',
    {
      schema: {
        tags: ['gifts'],
        summary: 'Check a gift code: what the gift holds and the purchaser’s first name and message',
        body: z.strictObject({ code: z.string().max(64) }),
        response: { 200: giftViewSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: codeTries,
    },
    async (request) => checkGiftCode(app.db, request.body.code),
  );

  app.post(
    '/gifts/redeem',
    {
      schema: {
        tags: ['gifts'],
        summary: 'Redeem a gift for the signed-in recipient: a $0 order for the chosen test (idempotent)',
        description:
          '201: redeemed now. 200: this recipient had redeemed it already (a retry): the same order. 409: someone else redeemed it. 422: the person tested is under 18, or CONSENT_REQUIRED without consents ["hipaa_authorization"] (the lab releases the results to the shop), which is recorded with the order.',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: giftRedemptionSchema,
        response: {
          200: z.object({ order: orderSchema }),
          201: z.object({ order: orderSchema }),
          422: errorSchema,
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: codeTries,
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { order, created } = await redeemGift(
        { db: app.db, events: app.events },
        {
          user: { id: user.id, email: user.email },
          redemption: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          publicUrl: app.config.PUBLIC_URL,
          ipAddress: request.ip || null,
        },
      );
      return reply.status(created ? 201 : 200).send({ order: { id: order.id, number: order.number, status: order.status } });
    },
  );
};
