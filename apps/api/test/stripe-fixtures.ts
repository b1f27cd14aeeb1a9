import { randomUUID } from 'node:crypto';
import type { OffSessionRequest, PayRequest } from '../src/payments/port.ts';
import type { StripeGatewayConfig } from '../src/payments/stripe/config.ts';

/** Requests and configuration the Stripe adapter's tests share. */

export const webhookSecret = 'whsec_test_shop';

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
