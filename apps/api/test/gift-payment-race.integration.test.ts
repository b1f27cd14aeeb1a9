import { eq } from 'drizzle-orm';
import { gifts, jobs, orderEvents, orders, payments } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayRequest } from '../src/payments/port.ts';
import { giftPurchaser } from './gift-helpers.ts';
import { createTestShop, type TestShop, everyConsent } from './helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { deliverStripeEvent, racingStripeGateway } from './stripe-fixtures.ts';

// The payment of a gift is recorded by whoever comes first — the browser's return from the
// bank, a webhook, the same webhook again — and the gift is made once, its delivery queued once.
describe('a gift paid while the browser and the webhooks race', () => {
  let fake: StripeFake;
  let shop: TestShop;
  let duringPay: ((request: PayRequest) => Promise<void>) | null = null;

  beforeAll(async () => {
    fake = await startStripeFake();
    shop = await createTestShop({ payments: () => racingStripeGateway(fake.url, () => duringPay) });
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  const deliver = (event: { id: string }) => deliverStripeEvent(shop.app, event);

  const succeededEvent = (intentId: string) =>
    fake.ledger.events.find((event) => event.type === 'payment_intent.succeeded' && (event.data.object as { id?: string }).id === intentId);

  async function expectOneGift(orderId: string) {
    const db = shop.database.db;
    const made = await db.select().from(gifts).where(eq(gifts.orderId, orderId));
    expect(made).toHaveLength(1);
    expect(await db.select().from(jobs).where(eq(jobs.name, 'gift.deliver'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ singletonKey: `gift-deliver:${made[0]!.id}` })]),
    );
    expect(
      (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.singletonKey, `gift-deliver:${made[0]!.id}`))
      ).length,
    ).toBe(1);
    const paidEvents = (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
      (event) => event.event === 'payment_succeeded',
    );
    expect(paidEvents).toHaveLength(1);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('paid');
  }

  it('the browser’s return and two deliveries of the webhook, all at once: one gift', async () => {
    const { visitor } = await giftPurchaser(shop);
    const started = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'pm_card_authenticationRequired' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(started.statusCode, started.body).toBe(202);
    const orderId = started.json().order.id as string;
    const [attempt] = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    fake.complete(attempt!.gatewayPaymentId!, 'succeeded');
    const event = succeededEvent(attempt!.gatewayPaymentId!);

    const [returned, ...webhooks] = await Promise.all([
      visitor.post(`/api/checkout/orders/${orderId}/confirm`),
      deliver(event!),
      deliver(event!),
    ]);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(webhooks.map((response) => response.json().result).sort()).toEqual(['applied', 'duplicate']);
    await expectOneGift(orderId);
  });

  it('a webhook that overtakes the shop writing down the payment: one gift', async () => {
    const { visitor } = await giftPurchaser(shop);
    duringPay = async (request) => {
      const intent = [...fake.ledger.paymentIntents.values()].find((candidate) => candidate.metadata.orderId === request.metadata.orderId);
      expect((await deliver(succeededEvent(intent!.id)!)).json().result).toBe('applied');
    };
    try {
      const placed = await visitor.post(
        '/api/checkout/orders',
        { testedState: 'TX', consents: everyConsent, paymentMethod: 'pm_card_visa' },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(placed.statusCode, placed.body).toBe(201);
      await expectOneGift(placed.json().order.id);
    } finally {
      duringPay = null;
    }
  });
});
