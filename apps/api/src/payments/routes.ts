import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardEntryMessages, cardEntrySchema, cardExpiryOf } from '@shop/core';
import { AppError } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { InvalidPaymentMethodError } from './port.ts';
import { tokenizeTestCard, type TestGateway } from './test-gateway.ts';
import type { PaymentGateway } from './port.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which gateway takes cards, whether it is a test gateway, and what its card form needs',
        response: {
          200: z.object({
            gateway: z.enum(['test', 'stripe']),
            testMode: z.boolean(),
            publishableKey: z.string().nullable(),
            account: z.string().nullable(),
          }),
        },
      },
    },
    async () => {
      const config = app.payments.browserConfig();
      return config.gateway === 'stripe'
        ? { gateway: config.gateway, testMode: config.testMode, publishableKey: config.publishableKey, account: config.account }
        : { gateway: config.gateway, testMode: config.testMode, publishableKey: null, account: null };
    },
  );

  // The test gateway's stand-in for the bank's authentication screen (3-D Secure at a real one).
  app.post(
    '/payments/test-gateway/authentications',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test gateway only: approve or refuse a payment that asked for authentication',
        body: z.strictObject({ clientSecret: z.string().min(10).max(200), approve: z.boolean() }),
        response: { 200: z.object({ status: z.enum(['succeeded', 'processing', 'requires_action', 'declined']) }), ...errorResponses },
      },
    },
    async (request) => {
      const gateway = app.payments;
      if (!isTestGateway(gateway)) throw new AppError(404, 'NOT_FOUND', 'The test gateway is off.');
      try {
        const outcome = await gateway.authenticate(request.body.clientSecret, request.body.approve);
        return { status: outcome.status };
      } catch (error) {
        if (error instanceof InvalidPaymentMethodError)
          throw new AppError(404, 'PAYMENT_NOT_FOUND', 'There is no payment waiting for this authentication.');
        throw error;
      }
    },
  );

  // The built-in test gateway's stand-in for a card form hosted by a real gateway (Stripe): it
  // swaps card details for a payment method reference and forgets the number.
  app.post(
    '/payments/test-gateway/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test gateway only: exchange test card details for a payment method reference',
        body: cardEntrySchema,
        response: { 201: z.object({ paymentMethod: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (app.payments.name !== 'test') {
        throw new AppError(404, 'NOT_FOUND', 'The test gateway is off: cards are taken by the payment provider.');
      }
      const { month, year, endsAt } = cardExpiryOf(request.body.expiry)!;
      if (endsAt <= new Date()) throw new AppError(400, 'CARD_EXPIRED', cardEntryMessages.expired);
      try {
        return reply.status(201).send({ paymentMethod: tokenizeTestCard(request.body.number, `${month}/${year}`) });
      } catch (error) {
        if (error instanceof InvalidPaymentMethodError) {
          throw new AppError(400, 'INVALID_CARD', cardEntryMessages.number);
        }
        throw error;
      }
    },
  );
};

function isTestGateway(gateway: PaymentGateway): gateway is TestGateway {
  return gateway.name === 'test' && 'authenticate' in gateway;
}
