import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { InvalidPaymentMethodError } from './port.ts';
import { tokenizeTestCard } from './test-gateway.ts';

const expiryPattern = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payments/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Which gateway takes cards, and whether it is a test gateway',
        response: { 200: z.object({ gateway: z.enum(['test', 'stripe']), testMode: z.boolean() }) },
      },
    },
    async () => ({ gateway: app.payments.name, testMode: app.payments.testMode }),
  );

  // The built-in test gateway's stand-in for a card form hosted by the payment provider: it
  // swaps card details for a payment method reference and forgets the number.
  app.post(
    '/payments/test-gateway/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary: 'Test gateway only: exchange test card details for a payment method reference',
        body: z.strictObject({
          number: z.string().max(30, { error: 'Please enter a valid card number' }),
          expiry: z.string().max(10).regex(expiryPattern, { error: 'Please enter the expiry date as MM/YY' }),
          cvc: z.string().regex(/^\d{3,4}$/, { error: 'Please enter the 3 or 4 digit security code' }),
        }),
        response: { 201: z.object({ paymentMethod: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (app.payments.name !== 'test') {
        throw new AppError(404, 'NOT_FOUND', 'The test gateway is off: cards are taken by the payment provider.');
      }
      const [, month, year] = expiryPattern.exec(request.body.expiry)!;
      const now = new Date();
      const expiresAt = new Date(Date.UTC(2000 + Number(year), Number(month), 1));
      if (expiresAt <= now) throw new AppError(400, 'CARD_EXPIRED', 'This card has expired. Please use another card.');
      try {
        return reply.status(201).send({ paymentMethod: tokenizeTestCard(request.body.number) });
      } catch (error) {
        if (error instanceof InvalidPaymentMethodError) {
          throw new AppError(400, 'INVALID_CARD', 'Please enter a valid card number');
        }
        throw error;
      }
    },
  );
};
