import Stripe from 'stripe';
import type { OffSessionRequest, PayRequest, PaymentGateway, PaymentOutcome, RefundRequest, SaveCardRequest } from '../port.ts';
import type { StripeGatewayConfig } from './config.ts';
import { fromPaymentIntent, fromSetupIntent, gatewayError, outcomeOfError } from './outcome.ts';
import { parseStripeWebhook } from './webhook.ts';

/**
 * The payment port on Stripe. Payments are confirmed on the server with a payment method the
 * browser created (no redirects: authentication, when the bank asks for it, happens in the
 * browser with the returned client secret); the card is saved on a Customer when the
 * Improvement Program will be charged later, off-session.
 */
export function createStripeGateway(config: StripeGatewayConfig): PaymentGateway {
  const stripe = new Stripe(config.secretKey, {
    ...endpoint(config.apiUrl),
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 20_000,
    ...(config.account ? { stripeAccount: config.account } : {}),
  });
  const testMode = /^(sk|rk)_test_/.test(config.secretKey);
  // the card's brand and last four digits come with the answer instead of a second request
  const expand = ['payment_method'];
  // Cards only, confirmed here: no payment method that redirects, so no return_url. (API
  // 2026-09-30 renamed payment_method_types to allowed_payment_method_types.)
  const cardsOnly: ['card'] = ['card'];

  async function customerFor(request: PayRequest | SaveCardRequest): Promise<string> {
    if (request.customerId) return request.customerId;
    // keyed like the payment, so a retried checkout finds the Customer its first try made
    const customer = await stripe.customers.create(
      { email: request.customerEmail },
      { idempotencyKey: `${request.idempotencyKey}:customer` },
    );
    return customer.id;
  }

  return {
    name: 'stripe',
    testMode,

    browserConfig: () => ({ gateway: 'stripe', testMode, publishableKey: config.publishableKey, account: config.account }),

    async pay(request: PayRequest): Promise<PaymentOutcome> {
      try {
        const customer = await customerFor(request);
        const common = {
          customer,
          payment_method: request.paymentMethod,
          confirm: true,
          allowed_payment_method_types: cardsOnly,
          description: request.description,
          metadata: request.metadata,
          expand,
        };
        if (request.amountCents === 0) {
          // nothing to charge now: save the card for the charge that comes later
          const intent = await stripe.setupIntents.create({ ...common, usage: 'off_session' }, { idempotencyKey: request.idempotencyKey });
          return fromSetupIntent(intent);
        }
        const intent = await stripe.paymentIntents.create(
          {
            ...common,
            amount: request.amountCents,
            currency: request.currency,
            ...(request.saveForLater ? { setup_future_usage: 'off_session' as const } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromPaymentIntent(intent);
      } catch (error) {
        return outcomeOfError(error);
      }
    },

    async saveCard(request: SaveCardRequest): Promise<PaymentOutcome> {
      try {
        const customer = await customerFor(request);
        // a SetupIntent: the bank's check (when it asks for one) happens now, with the holder
        // present, so the later charges without them go through
        const intent = await stripe.setupIntents.create(
          {
            customer,
            payment_method: request.paymentMethod,
            confirm: true,
            usage: 'off_session',
            allowed_payment_method_types: cardsOnly,
            description: request.description,
            metadata: request.metadata,
            expand,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromSetupIntent(intent);
      } catch (error) {
        return outcomeOfError(error);
      }
    },

    async retrieve(paymentId: string): Promise<PaymentOutcome> {
      try {
        if (paymentId.startsWith('seti_')) return fromSetupIntent(await stripe.setupIntents.retrieve(paymentId, { expand }));
        return fromPaymentIntent(await stripe.paymentIntents.retrieve(paymentId, { expand }));
      } catch (error) {
        throw gatewayError(error);
      }
    },

    async chargeSaved(request: OffSessionRequest): Promise<PaymentOutcome> {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            customer: request.customerId,
            payment_method: request.paymentMethod,
            off_session: true,
            confirm: true,
            allowed_payment_method_types: cardsOnly,
            description: request.description,
            metadata: request.metadata,
            expand,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return fromPaymentIntent(intent);
      } catch (error) {
        return outcomeOfError(error);
      }
    },

    async refund(request: RefundRequest) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.paymentId, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        );
        const status =
          refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending';
        return { id: refund.id, status };
      } catch (error) {
        throw gatewayError(error);
      }
    },

    parseWebhook: (rawBody, signature) => parseStripeWebhook(rawBody, signature, config.webhookSecret),
  };
}

/** `STRIPE_API_URL` as the SDK's host, port and protocol options. */
export function endpoint(apiUrl: string | null): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
