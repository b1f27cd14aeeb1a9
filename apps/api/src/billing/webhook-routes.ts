import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { errorSchema } from '../schemas.ts';
import { applyIssuedInvoiceEvent } from './invoice-events.ts';
import { applyPaymentEvent } from './payment-events.ts';
import { isInvoiceEvent, WebhookSignatureError } from '../payments/port.ts';

/**
 * The payment gateway's webhooks. The signature is checked on the raw body, so this plugin
 * keeps JSON bodies as bytes; the event is then applied once, whatever the number of deliveries.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/payments/webhooks/stripe',
    {
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook: payment and setup intents, refunds, invoices paid or voided",
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: {
          200: z.object({ received: z.literal(true), result: z.enum(['applied', 'duplicate', 'ignored']) }),
          400: errorSchema,
          404: errorSchema,
          /** an event that arrived before what it settles was recorded: Stripe delivers it again later */
          503: errorSchema,
        },
      },
    },
    async (request) => {
      if (app.payments.name !== 'stripe') throw new AppError(404, 'NOT_FOUND', 'Stripe is not configured.');
      if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'WEBHOOK_BODY', 'The webhook body must be JSON.');
      let event;
      try {
        event = app.payments.parseWebhook(request.body, request.headers['stripe-signature']);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError(400, 'WEBHOOK_SIGNATURE', error.message);
        throw error;
      }
      const result = isInvoiceEvent(event)
        ? await applyIssuedInvoiceEvent(app.checkout, app.payments.name, event)
        : await applyPaymentEvent(app.checkout, event);
      request.log.info({ event: event.id, type: event.type, result }, 'payment webhook');
      return { received: true as const, result };
    },
  );
};
