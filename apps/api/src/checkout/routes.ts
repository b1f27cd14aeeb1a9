import {
  checkoutAccountSchema,
  consentFrom,
  consentKinds,
  formatMoney,
  GPC_HEADER,
  globalPrivacyControlFrom,
  shareConsentKinds,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentOrigin } from '../health-consents/request.ts';
import { cartCookie } from '../cart/cookie.ts';
import { assignCart } from '../cart/repository.ts';
import { conflict } from '../errors.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { adoptVisitorData } from '../account/adopt.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { signUpOrSignIn } from './account.ts';
import { findCartWithOrder, findSessionCartWithOrder } from './open-order.ts';
import { confirmPayment } from '../billing/checkout-payment.ts';
import { placeOrder } from './service.ts';
import { assertCartSoldWhereTested, testedPlaceSchema } from '../sale-rules/where-sold.ts';
import { readAttribution } from '../promotions/attribution.ts';

const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Idempotency-Key must be 8 to 100 letters, digits, - or _' })
  .optional();

export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkout/account',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The account step: create the account, or sign in to an existing one',
        body: checkoutAccountSchema,
        response: { 200: z.object({ user: z.object({ id: z.string(), email: z.string() }) }), 429: errorSchema, ...errorResponses },
      },
      // it creates accounts and checks passwords: limited like sign-up and sign-in
      preHandler: rateLimited(
        { limit: { ...limits.signUpPerAddress, max: app.config.SIGN_UP_LIMIT_PER_ADDRESS }, by: 'address' },
        { limit: { ...limits.signInPerAccount, max: app.config.SIGN_IN_LIMIT_PER_ACCOUNT }, by: 'account' },
      ),
    },
    async (request, reply) => {
      const user = await signUpOrSignIn(app, request, reply, request.body);
      await adoptVisitorData(app.db, request, user.id);
      return { user };
    },
  );

  // the order's own consents, the consent to collect health data the checkout asks when the quiz did
  // not, and the consents to share an order may start (an employer's cover; a pay link's cart)
  const checkoutConsentKinds = [...consentKinds, 'collect_health_data', ...shareConsentKinds] as const;
  const orderSchema = z.object({ id: z.string(), number: z.number(), status: z.string(), total: z.string() });
  const paid = (order: { id: string; number: number; status: string; totalCents: number }) => ({
    order: { id: order.id, number: order.number, status: order.status, total: formatMoney(order.totalCents) },
  });
  const actionSchema = z.object({ order: orderSchema, requiresAction: z.object({ clientSecret: z.string() }) });

  app.post(
    '/checkout/orders',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place the order of the cart and pay for it (idempotent)',
        description:
          'A cart holding a test needs testedState (or testedZip): where the person tested lives; 422 NOT_SOLD_IN_STATE where tests may not be sold. consents: each one the cart needs (keep_card when the program is charged on results, charge_per_delivery for a test subscription, monthly_renewal for Base Daily, hipaa_authorization for any test); 422 CONSENT_REQUIRED names the missing ones. A cart with a test also needs the consent to collect health data (collect_health_data) in force, from the quiz, or given here among the consents (recorded with the version of its words as the account’s consent, withdrawable from the account page); without it 422 CONSENT_REQUIRED and nothing is written. A cart an employer covers also needs share_with_employer among the consents (the employer counts the employee in its figures), recorded as the account’s consent, withdrawable; without it 422 CONSENT_REQUIRED. Each is recorded with the version of its words, the time and the address. 201: paid. 202: the bank asks the customer to authenticate; the browser finishes it with the client secret, then calls /checkout/orders/{id}/confirm.',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: z.strictObject({
          paymentMethod: z.string().min(1).max(200),
          ...testedPlaceSchema,
          consents: z.array(z.enum(checkoutConsentKinds)).max(checkoutConsentKinds.length).optional(),
        }),
        response: {
          201: z.object({ order: orderSchema }),
          202: actionSchema,
          402: errorSchema,
          422: errorSchema,
          502: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      // a checked-out cart still answers: a retry after success finds its order again
      const cartId = cartCookie.read(request);
      const idempotencyKey = request.headers['idempotency-key'];
      // who is asking and their cart with its order, in one statement when the session allows it
      const signedIn = await request.requireUserWith((token) => findSessionCartWithOrder(app.db, token, cartId, idempotencyKey));
      const user = signedIn.user;
      const found = signedIn.found !== null ? signedIn.found : cartId ? await findCartWithOrder(app.db, cartId, idempotencyKey) : undefined;
      const cart = found?.cart;
      if (!cart || (cart.userId !== null && cart.userId !== user.id)) throw conflict('CART_EMPTY', 'Your cart is empty.');
      // where the person tested lives, before anything is written or charged
      const testedState = found.order ? found.order.testedState : await assertCartSoldWhereTested(app.db, cart.id, request.body);
      if (cart.userId !== user.id) await assignCart(app.db, cart.id, user.id);
      const result = await placeOrder(app.checkout, {
        user: { id: user.id, email: user.email },
        cart,
        paymentMethod: request.body.paymentMethod,
        idempotencyKey,
        attribution: readAttribution(request),
        // a browser's Global Privacy Control signal refuses the report to the advertiser, whatever its cookie says
        adConsent: consentFrom(request.headers.cookie) === 'granted' && !globalPrivacyControlFrom(request.headers[GPC_HEADER]),
        knownOrder: found.order,
        testedState,
        consents: {
          given: request.body.consents ?? [],
          ipAddress: request.ip || null,
          userAgent: consentOrigin(request).userAgent,
        },
      });
      if (result.kind === 'requires_action') {
        return reply.status(202).send({ ...paid(result.order), requiresAction: { clientSecret: result.clientSecret } });
      }
      return reply.status(201).send(paid(result.order));
    },
  );

  app.post(
    '/checkout/orders/:orderId/confirm',
    {
      schema: {
        tags: ['checkout'],
        summary: 'After the bank authentication: look the payment up and finish the order',
        params: z.object({ orderId: z.uuid({ error: 'Unknown order' }) }),
        response: { 200: z.object({ order: orderSchema }), 202: actionSchema, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const result = await confirmPayment(app.checkout, request.params.orderId, user.id);
      if (result.kind === 'requires_action') {
        return reply.status(202).send({ ...paid(result.order), requiresAction: { clientSecret: result.clientSecret } });
      }
      return reply.status(200).send(paid(result.order));
    },
  );
};
