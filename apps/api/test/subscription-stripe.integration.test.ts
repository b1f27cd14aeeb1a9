import { eq } from 'drizzle-orm';
import { payments, subscriptionDeliveries } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../src/payments/stripe/gateway.ts';
import { createTestShop, type TestShop } from './helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { configFor } from './stripe-fixtures.ts';
import { DELIVERY_CENTS, dueTimes, subscriptionOrder } from './subscription-order.ts';

// The same subscription on Stripe (the local fake of its API): the checkout keeps the card for
// off-session use, and the delivery is an off-session PaymentIntent with the delivery's key.
describe('a test subscription on Stripe', () => {
  let fake: StripeFake;
  let shop: TestShop;
  beforeAll(async () => {
    fake = await startStripeFake();
    shop = await createTestShop({ payments: () => createStripeGateway(configFor(fake.url)) });
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  const intents = () => fake.requests.filter((request) => request.path === '/v1/payment_intents');

  it('saves the card at checkout and charges the delivery off-session on its day', async () => {
    const { subscription, orderId } = await subscriptionOrder(shop, { paymentMethod: 'pm_card_visa' });
    const checkout = intents().find((request) => (request.body as { metadata?: { orderId?: string } }).metadata?.orderId === orderId);
    expect(checkout?.body).toMatchObject({
      amount: String(DELIVERY_CENTS),
      setup_future_usage: 'off_session',
      metadata: { purpose: 'checkout' },
    });

    await shop.app.jobs.runDueJobs({ now: dueTimes(subscription).due });
    const delivery = intents().at(-1);
    expect(delivery?.idempotencyKey).toBe(`subscription:${subscription.id}:2:1`);
    expect(delivery?.body).toMatchObject({
      amount: String(DELIVERY_CENTS),
      off_session: 'true',
      confirm: 'true',
      metadata: { orderId, purpose: 'subscription' },
    });
    const [charged] = await shop.database.db
      .select()
      .from(subscriptionDeliveries)
      .where(eq(subscriptionDeliveries.subscriptionId, subscription.id));
    expect(charged?.status).toBe('charged');
    const [paid] = await shop.database.db
      .select()
      .from(payments)
      .where(eq(payments.attemptKey, `subscription:${subscription.id}:2:1`));
    expect(paid).toMatchObject({ status: 'succeeded', purpose: 'subscription', cardLast4: '4242' });
    expect(paid!.gatewayPaymentId).toMatch(/^pi_/);
  });
});
