import { chargeTimeOf } from '@shop/core';
import { eq } from 'drizzle-orm';
import { subscriptions } from '@shop/db';
import { expect } from 'vitest';
import { paymentMethod, uniqueEmail, Visitor, type TestShop, everyConsent } from './helpers.ts';

/** The Cortisol Test, as a subscription line's test. */
export const CORTISOL_TEST = 53;
export const DELIVERY_CENTS = 6995;

/**
 * A new customer who bought a test subscription (the Cortisol Test, `frequency`), paying with
 * `card` (approving the bank's check when it asks); answers the order and its subscription.
 */
export async function subscriptionOrder(
  shop: TestShop,
  options: { card?: string; frequency?: 'monthly' | 'quarterly'; paymentMethod?: string } = {},
) {
  const email = uniqueEmail('monitor');
  const visitor = new Visitor(shop.app);
  const added = await visitor.post('/api/cart/items', {
    productCode: 'base-monitor',
    testId: CORTISOL_TEST,
    frequency: options.frequency ?? 'monthly',
  });
  expect(added.statusCode, added.body).toBe(200);
  const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  expect(account.statusCode, account.body).toBe(200);
  const method = options.paymentMethod ?? (await paymentMethod(visitor, options.card ?? '4242 4242 4242 4242'));
  let placed = await visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: method },
    { 'idempotency-key': crypto.randomUUID() },
  );
  if (placed.statusCode === 202 && !options.paymentMethod) {
    await visitor.post('/api/payments/test-gateway/authentications', {
      clientSecret: placed.json().requiresAction.clientSecret,
      approve: true,
    });
    placed = await visitor.post(`/api/checkout/orders/${placed.json().order.id}/confirm`);
  }
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  const orderId = placed.json().order.id as string;
  const [subscription] = await shop.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  expect(subscription, 'the payment started a subscription').toBeDefined();
  return { visitor, email, orderId, orderNumber: placed.json().order.number as number, subscription: subscription! };
}

/** The moment a subscription's next delivery may be charged, and a few minutes before it. */
export function dueTimes(subscription: { nextDeliveryOn: string | null }) {
  const due = chargeTimeOf(subscription.nextDeliveryOn!);
  return { due, before: new Date(due.getTime() - 5 * 60_000), after: (ms: number) => new Date(due.getTime() + ms) };
}
