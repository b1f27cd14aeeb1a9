import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { OffSessionRequest, PaymentGateway, PayRequest } from '../src/payments/port.ts';
import { createStripeGateway } from '../src/payments/stripe/gateway.ts';
import type { StripeGatewayConfig } from '../src/payments/stripe/config.ts';

/** Requests and configuration the Stripe adapter's tests share. */

export const webhookSecret = 'whsec_test_shop';

/** Stripe's webhook delivering `event` to the shop, signed as Stripe signs it with `secret`. */
export function deliverStripeEvent(app: FastifyInstance, event: unknown, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
}

/**
 * The Stripe adapter on the fake at `url`, with what `duringPay()` gives (if anything) run inside
 * pay(), after Stripe answered and before the shop writes it down: a test's race against the browser.
 */
export function racingStripeGateway(url: string, duringPay: () => ((request: PayRequest) => Promise<void>) | null): PaymentGateway {
  const stripe = createStripeGateway(configFor(url));
  return {
    ...stripe,
    browserConfig: () => stripe.browserConfig(),
    async pay(request) {
      const outcome = await stripe.pay(request);
      await duringPay()?.(request);
      return outcome;
    },
  };
}

// no retries unless a test asks: a refused request should fail at once
export function configFor(url: string, overrides: Partial<StripeGatewayConfig> = {}): StripeGatewayConfig {
  return {
    secretKey: 'sk_test_shop',
    publishableKey: 'pk_test_shop',
    webhookSecret,
    account: null,
    apiUrl: url,
    maxNetworkRetries: 0,
    ...overrides,
  };
}

export function payRequest(overrides: Partial<PayRequest> = {}): PayRequest {
  return {
    amountCents: 7995,
    currency: 'usd',
    paymentMethod: 'pm_card_visa',
    customerId: null,
    customerEmail: 'ada@example.com',
    saveForLater: false,
    idempotencyKey: `order-1:${randomUUID()}`,
    description: 'Base order ord_1',
    metadata: { orderId: 'ord_1', purpose: 'checkout' },
    ...overrides,
  };
}

export function programCharge(customerId: string, paymentMethod: string, overrides: Partial<OffSessionRequest> = {}): OffSessionRequest {
  return {
    amountCents: 14005,
    currency: 'usd',
    customerId,
    paymentMethod,
    idempotencyKey: `program-ord_1:${randomUUID()}`,
    description: 'Improvement Program, order ord_1',
    metadata: { orderId: 'ord_1', purpose: 'program' },
    ...overrides,
  };
}
