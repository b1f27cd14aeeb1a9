import { checkoutAccountSchema, formatMoney, payLinkStates } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signUpOrSignIn } from '../checkout/account.ts';
import { consentOrigin } from '../health-consents/request.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { choosePasswordWithLink, openPayLink, payableEmailOf, payPayLink } from './pay-links.ts';

const token = z.string().min(1).max(200);
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Idempotency-Key must be 8 to 100 letters, digits, - or _' })
  .optional();
const orderSchema = z.object({ id: z.string(), number: z.number(), status: z.string(), total: z.string() });

/**
 * The client's side of a clinic's order: the pay page reads the link, signs the client up or in
 * (with the client's own address, as the checkout's account step does) and pays by card through
 * the checkout. The token travels in bodies only.
 */
export const payLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenTries = rateLimited({ limit: limits.clinicInvitationsPerAddress, by: 'address' });

  app.post(
    '/pay-links/open',
    {
      schema: {
        tags: ['providers'],
        summary: 'A pay link’s clinic, tests and total, and whether it can be paid; the first look marks it opened',
        body: z.strictObject({ token }),
        response: {
          200: z.object({
            clinicName: z.string(),
            firstName: z.string(),
            email: z.string(),
            /** the clinic paid: no price is shown to the client, and there is nothing to pay */
            paidByClinic: z.boolean(),
            /** the clinic's order made the client's account: they choose its password on this page */
            needsPassword: z.boolean(),
            items: z.array(z.object({ title: z.string(), price: z.string().nullable() })),
            fee: z.object({ label: z.string(), amount: z.string(), cents: z.number().int() }).nullable(),
            total: z.string().nullable(),
            totalCents: z.number().int().nullable(),
            expiresAt: z.string(),
            state: z.enum(payLinkStates),
            orderId: z.string().nullable(),
            refundNote: z.string(),
            message: z.string().nullable(),
          }),
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: tokenTries,
    },
    async (request) => openPayLink(app.db, request.body.token),
  );

  app.post(
    '/pay-links/account',
    {
      schema: {
        tags: ['providers'],
        summary:
          'The pay page’s account step: create the client’s account with its address, or sign in to it; for an order the clinic paid, choose the password of the account the order made',
        body: z.strictObject({ token, password: checkoutAccountSchema.shape.password }),
        response: {
          200: z.object({ user: z.object({ id: z.string(), email: z.string() }) }),
          410: errorSchema,
          429: errorSchema,
          ...errorResponses,
        },
      },
      // it creates accounts and checks passwords: limited like sign-up and sign-in
      preHandler: rateLimited(
        { limit: { ...limits.signUpPerAddress, max: app.config.SIGN_UP_LIMIT_PER_ADDRESS }, by: 'address' },
        { limit: { ...limits.signInPerAccount, max: app.config.SIGN_IN_LIMIT_PER_ACCOUNT }, by: 'account' },
      ),
    },
    async (request, reply) => {
      const email = await payableEmailOf(app.db, request.body.token);
      // an order the clinic paid made the client's account: its first password is chosen here, once
      await choosePasswordWithLink(app.db, request.body.token, request.body.password);
      return { user: await signUpOrSignIn(app, request, reply, { email, password: request.body.password }) };
    },
  );

  app.post(
    '/pay-links/pay',
    {
      schema: {
        tags: ['providers'],
        summary: 'Pay a pay link by card, signed in as its client (idempotent: one order, one charge)',
        description:
          'consents: share_with_clinic, the client’s consent to share their results and their order’s progress with the clinic (recorded with the order as the account’s consent, withdrawable from the account page); without it 422 CONSENT_REQUIRED and nothing is ordered or charged. 201: paid. 202: the bank asks the client to authenticate; the browser finishes it, then calls /checkout/orders/{id}/confirm. 410: the link was cancelled or expired.',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: z.strictObject({
          token,
          paymentMethod: z.string().min(1).max(200),
          consents: z
            .array(z.enum(['share_with_clinic']))
            .max(1)
            .optional(),
        }),
        response: {
          201: z.object({ order: orderSchema }),
          202: z.object({ order: orderSchema, requiresAction: z.object({ clientSecret: z.string() }) }),
          402: errorSchema,
          410: errorSchema,
          422: errorSchema,
          502: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await payPayLink(app.checkout, user, {
        token: request.body.token,
        paymentMethod: request.body.paymentMethod,
        idempotencyKey: request.headers['idempotency-key'],
        sharing: { given: request.body.consents ?? [], ...consentOrigin(request) },
      });
      const order = {
        id: result.order.id,
        number: result.order.number,
        status: result.order.status,
        total: formatMoney(result.order.totalCents),
      };
      if (result.kind === 'requires_action')
        return reply.status(202).send({ order, requiresAction: { clientSecret: result.clientSecret } });
      return reply.status(201).send({ order });
    },
  );
};
