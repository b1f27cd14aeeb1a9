import { eq, sql } from 'drizzle-orm';
import { collectionChoices, orderEvents, orderItems, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestShop,
  customerWithCart,
  paymentMethod,
  staffVisitor,
  Visitor,
  type TestShop,
  everyConsent,
  placeOrder,
} from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const home = {
  method: 'home',
  fullName: 'Ann Lee',
  shippingAddress: '410 Congress Ave',
  city: 'Austin',
  zipCode: '78701',
};

async function placePaidOrder(visitor: Visitor, key = crypto.randomUUID()) {
  const response = await visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
    { 'idempotency-key': key },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { id: string; number: number; status: string; total: string };
}

describe('the skeleton purchase', () => {
  it('turns a quiz result into a paid order with its rows', async () => {
    const visitor = await customerWithCart(shop.app);
    const cart = await visitor.get('/api/cart');
    expect(cart.json()).toMatchObject({ totalCents: 7995, shippingCents: 0, display: { total: '$79.95', shipping: 'Free' } });
    expect(cart.json().items).toEqual([expect.objectContaining({ productCode: 'base-quiz', testId: 53, unitPriceCents: 7995 })]);

    const order = await placePaidOrder(visitor);
    expect(order).toMatchObject({ status: 'collection_pending', total: '$79.95' });

    const db = shop.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ totalCents: 7995, subtotalCents: 7995, status: 'collection_pending' });
    expect(row?.paidAt).toBeInstanceOf(Date);
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).toEqual([
      expect.objectContaining({ productCode: 'base-quiz', testId: 53, unitPriceCents: 7995, quantity: 1 }),
    ]);
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([
      expect.objectContaining({ status: 'succeeded', amountCents: 7995, cardLast4: '4242', cardBrand: 'visa' }),
    ]);
    const timeline = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(timeline.map((event) => event.toStatus)).toEqual(['pending_payment', 'paid', 'collection_pending']);

    // the cart is spent: the visitor starts a new one
    expect((await visitor.get('/api/cart')).json().items).toEqual([]);

    const listed = await visitor.get('/api/orders');
    expect(listed.json().orders).toEqual([expect.objectContaining({ id: order.id, statusLabel: 'Choose home kit or lab' })]);
  });

  it('declines 4000 0000 0000 0002 with a clear message and lets the customer pay with another card', async () => {
    const visitor = await customerWithCart(shop.app);
    const declined = await placeOrder(visitor, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card was declined. Please try another card or contact your bank.',
    });
    const [pending] = await shop.database.db
      .select()
      .from(orders)
      .where(eq(orders.email, await emailOf(visitor)));
    expect(pending?.status).toBe('pending_payment');

    const order = await placePaidOrder(visitor);
    expect(order.id).toBe(pending?.id);
    const rows = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((payment) => payment.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('never makes two orders or two charges for a double submit', async () => {
    const visitor = await customerWithCart(shop.app);
    const method = await paymentMethod(visitor);
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        visitor.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: method },
          { 'idempotency-key': key },
        ),
      ),
    );
    const ids = new Set(responses.map((response) => response.json().order?.id));
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const charged = await shop.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(charged).toHaveLength(1);
    const gatewayCharges = await shop.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(testGatewayCharges)
      .where(sql`${testGatewayCharges.idempotencyKey} like ${`checkout:${id}:%`}`);
    expect(Number(gatewayCharges[0]?.count)).toBe(1);

    // a retry after success answers with the same order
    const retry = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': key },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.id).toBe(id);
  });

  it('requires an account to pay', async () => {
    const visitor = new Visitor(shop.app);
    const response = await visitor.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: 'pm_test_succeeds_visa_4242_0123456789abcdef',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the checkout account step', () => {
  it.each([
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email'],
    [{ email: 'ann@example.com', password: '' }, 'Please enter password'],
  ])('says %j → %s', async (body, message) => {
    const response = await new Visitor(shop.app).post('/api/checkout/account', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('rejects a known e-mail with a wrong password with the specification message', async () => {
    const visitor = await customerWithCart(shop.app, 'known@example.com');
    expect(visitor.hasCookie('session_token')).toBe(true);
    const other = await new Visitor(shop.app).post('/api/checkout/account', { email: 'known@example.com', password: 'wrong-password' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      code: 'EMAIL_REJECTED',
      message: 'The email provided is not correct, please change it and try again.',
    });
  });
});

describe('collection choice', () => {
  it('takes a home kit once and then shows the locked choice', async () => {
    const visitor = await customerWithCart(shop.app);
    const order = await placePaidOrder(visitor);
    const chosen = await visitor.post(`/api/orders/${order.id}/collection`, home);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ status: 'profile_pending', collection: { method: 'home', label: 'At-home Delivery' } });

    const again = await visitor.post(`/api/orders/${order.id}/collection`, {
      method: 'lab',
      zipCode: '78701',
      labLocationId: 'lab-austin-downtown',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'COLLECTION_ALREADY_CHOSEN',
      message: 'You have selected: At-home Delivery. This choice can only be changed by messaging support.',
    });
    const rows = await shop.database.db.select().from(collectionChoices).where(eq(collectionChoices.orderId, order.id));
    expect(rows).toEqual([expect.objectContaining({ method: 'home', city: 'Austin', apartmentNumber: null })]);
  });

  it.each([
    ['fullName', '', 'Enter a valid name or send us a message'],
    ['city', '', 'Enter a valid city or send us a message'],
    ['shippingAddress', '', 'Enter a valid shipping address'],
    ['zipCode', 'abcde', 'Enter a valid zipcode or send us a message'],
  ])('refuses a bad %s with the specification message', async (field, value, message) => {
    const visitor = await customerWithCart(shop.app);
    const order = await placePaidOrder(visitor);
    const response = await visitor.post(`/api/orders/${order.id}/collection`, { ...home, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('finds partner labs by zip code and refuses New York', async () => {
    const visitor = await customerWithCart(shop.app);
    const labs = await visitor.get('/api/labs?zip=78702');
    expect(labs.json().labs[0]).toMatchObject({ city: 'Austin' });
    const ny = await visitor.get('/api/labs?zip=10001');
    expect(ny.statusCode).toBe(400);
    expect(ny.json().code).toBe('LAB_NOT_AVAILABLE');

    const order = await placePaidOrder(visitor);
    const refused = await visitor.post(`/api/orders/${order.id}/collection`, {
      method: 'lab',
      zipCode: '10001',
      labLocationId: 'lab-jersey-city',
    });
    expect(refused.statusCode).toBe(400);
    const chosen = await visitor.post(`/api/orders/${order.id}/collection`, {
      method: 'lab',
      zipCode: '78702',
      labLocationId: 'lab-austin-downtown',
    });
    expect(chosen.json()).toMatchObject({ collection: { method: 'lab', label: 'Lab Pick-Up' } });
  });
});

describe('who may see an order', () => {
  it('hides a customer’s order from another customer, and shows it to an operator', async () => {
    const owner = await customerWithCart(shop.app);
    const order = await placePaidOrder(owner);
    const stranger = await customerWithCart(shop.app);
    const peek = await stranger.get(`/api/orders/${order.id}`);
    expect(peek.statusCode).toBe(404);
    const choose = await stranger.post(`/api/orders/${order.id}/collection`, home);
    expect(choose.statusCode).toBe(404);
    expect((await stranger.get('/api/admin/orders')).statusCode).toBe(403);

    const operator = await staffVisitor(shop, 'operator');
    expect((await operator.get(`/api/orders/${order.id}`)).statusCode).toBe(200);
    const console = await operator.get('/api/admin/orders');
    expect(console.statusCode).toBe(200);
    expect(console.json().orders.map((row: { id: string }) => row.id)).toContain(order.id);
  });
});

async function emailOf(visitor: Visitor): Promise<string> {
  const session = await visitor.get('/api/auth/get-session');
  return session.json().user.email;
}
