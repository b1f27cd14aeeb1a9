import { and, eq, sql } from 'drizzle-orm';
import { orderEvents, orderItems, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, paymentMethod, type TestShop, type Visitor, everyConsent } from './helpers.ts';

const racers = 50;

// Many requests for one cart at once: a double click, a retry after a timeout, a second tab.
// On PostgreSQL they truly run together; whatever the interleaving, one order and one charge.
describe('place order under concurrency', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  async function outcome(visitor: Visitor, statuses: number[]) {
    const placed = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.email, await emailOf(visitor)));
    const orderId = placed[0]!.id;
    const attempts = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [{ charges } = { charges: -1 }] = await shop.database.db
      .select({ charges: sql<number>`count(*)::int` })
      .from(testGatewayCharges)
      .where(sql`${testGatewayCharges.idempotencyKey} like ${`checkout:${orderId}:%`}`);
    return {
      orders: placed.length,
      attempts: attempts.map((row) => row.status),
      charges: Number(charges),
      statuses: [...new Set(statuses)],
    };
  }

  async function emailOf(visitor: Visitor): Promise<string> {
    return (await visitor.get('/api/auth/get-session')).json().user.email;
  }

  // decision 0056: the rows place order writes land at the end of their indexes
  it('writes the order, its lines, its first step and its attempt with ids that grow with time', async () => {
    const visitor = await customerWithCart(shop.app);
    const before = Date.now();
    const response = await visitor.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: await paymentMethod(visitor),
    });
    expect(response.statusCode).toBe(201);
    const orderId: string = response.json().order.id;
    const { db } = shop.database;
    const ids = [
      orderId,
      ...(await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))).map((row) => row.id),
      ...(
        await db
          .select({ id: orderEvents.id })
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, 'order_placed')))
      ).map((row) => row.id),
      ...(await db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId))).map((row) => row.id),
    ];
    expect(ids).toHaveLength(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const writtenAt = Number.parseInt(orderId.replace(/-/g, '').slice(0, 12), 16);
    expect(writtenAt).toBeGreaterThanOrEqual(before);
    expect(writtenAt).toBeLessThanOrEqual(Date.now());
  });

  it(`${racers} requests with the same Idempotency-Key make one order and one charge`, async () => {
    const visitor = await customerWithCart(shop.app);
    const method = await paymentMethod(visitor);
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: racers }, () =>
        visitor.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: method },
          { 'idempotency-key': key },
        ),
      ),
    );
    expect(new Set(responses.map((response) => response.json().order.id)).size).toBe(1);
    expect(
      await outcome(
        visitor,
        responses.map((response) => response.statusCode),
      ),
    ).toEqual({ orders: 1, attempts: ['succeeded'], charges: 1, statuses: [201] });
  });

  it(`${racers} requests without a key make one order and one charge`, async () => {
    const visitor = await customerWithCart(shop.app);
    const method = await paymentMethod(visitor);
    const responses = await Promise.all(
      Array.from({ length: racers }, () =>
        visitor.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: method }),
      ),
    );
    expect(
      await outcome(
        visitor,
        responses.map((response) => response.statusCode),
      ),
    ).toEqual({ orders: 1, attempts: ['succeeded'], charges: 1, statuses: [201] });
  });

  it(`${racers} requests each with a card reference of its own still charge once`, async () => {
    const visitor = await customerWithCart(shop.app);
    const methods = await Promise.all(Array.from({ length: racers }, () => paymentMethod(visitor)));
    const responses = await Promise.all(
      methods.map((method) =>
        visitor.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: method },
          { 'idempotency-key': crypto.randomUUID() },
        ),
      ),
    );
    expect(
      await outcome(
        visitor,
        responses.map((response) => response.statusCode),
      ),
    ).toEqual({ orders: 1, attempts: ['succeeded'], charges: 1, statuses: [201] });
  });
});
