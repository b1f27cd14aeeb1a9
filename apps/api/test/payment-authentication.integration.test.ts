import { eq } from 'drizzle-orm';
import { orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, paymentMethod, type TestShop, type Visitor, everyConsent } from './helpers.ts';

// A card that asks for the bank's confirmation (4000 0025 0000 3155): the order waits, the
// customer answers the bank, and the order is paid once, or not at all.
describe('payments that ask for authentication', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  async function startAuthenticatedPayment(visitor: Visitor) {
    const response = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor, '4000 0025 0000 3155') },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body.order.status).toBe('pending_payment');
    expect(body.requiresAction.clientSecret).toMatch(/^pi_test_[0-9a-f]+_secret_[0-9a-f]+$/);
    return body as { order: { id: string }; requiresAction: { clientSecret: string } };
  }

  it('pays the order once the customer approves, and a second confirmation changes nothing', async () => {
    const visitor = await customerWithCart(shop.app);
    const { order, requiresAction } = await startAuthenticatedPayment(visitor);

    const early = await visitor.post(`/api/checkout/orders/${order.id}/confirm`);
    expect(early.statusCode).toBe(202);

    const approved = await visitor.post('/api/payments/test-gateway/authentications', {
      clientSecret: requiresAction.clientSecret,
      approve: true,
    });
    expect(approved.json()).toEqual({ status: 'succeeded' });
    const confirmed = await Promise.all([1, 2, 3].map(() => visitor.post(`/api/checkout/orders/${order.id}/confirm`)));
    expect(confirmed.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(confirmed[0]!.json().order.status).toBe('collection_pending');

    const rows = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    const charges = await shop.database.db.select().from(testGatewayCharges).where(eq(testGatewayCharges.id, rows[0]!.gatewayPaymentId!));
    expect(charges).toHaveLength(1);
  });

  it('says so when the customer refuses, and another card then pays the same order', async () => {
    const visitor = await customerWithCart(shop.app);
    const { order, requiresAction } = await startAuthenticatedPayment(visitor);
    await visitor.post('/api/payments/test-gateway/authentications', { clientSecret: requiresAction.clientSecret, approve: false });
    const refused = await visitor.post(`/api/checkout/orders/${order.id}/confirm`);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('AUTHENTICATION_FAILED');

    const paid = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(paid.statusCode).toBe(201);
    expect(paid.json().order.id).toBe(order.id);
    const rows = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('gives up a waiting authentication when the customer chooses another card', async () => {
    const visitor = await customerWithCart(shop.app);
    const { order } = await startAuthenticatedPayment(visitor);
    const paid = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(paid.statusCode).toBe(201);
    const rows = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((row) => `${row.status}:${row.failureCode ?? ''}`).sort()).toEqual(['failed:abandoned', 'succeeded:']);
  });

  it('refuses a wrong client secret, and another customer cannot confirm the order', async () => {
    const visitor = await customerWithCart(shop.app);
    const { order, requiresAction } = await startAuthenticatedPayment(visitor);
    const forged = `${requiresAction.clientSecret.split('_secret_')[0]}_secret_${'0'.repeat(32)}`;
    const wrong = await visitor.post('/api/payments/test-gateway/authentications', { clientSecret: forged, approve: true });
    expect(wrong.statusCode).toBe(404);

    const stranger = await customerWithCart(shop.app);
    const foreign = await stranger.post(`/api/checkout/orders/${order.id}/confirm`);
    expect(foreign.statusCode).toBe(404);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('pending_payment');
  });
});
