import { eq } from 'drizzle-orm';
import { orders, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, paymentMethod, type TestShop, type Visitor, everyConsent } from './helpers.ts';

// What a tampering browser or a broken client sends to the money-moving endpoint: refused with a
// clear 4xx, nothing charged and nothing written.
describe('place order refuses bad input', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  async function nothingWritten(visitor: Visitor) {
    const cart = (await visitor.get('/api/cart')).json<{ id: string }>();
    const placed = await shop.database.db.select().from(orders).where(eq(orders.cartId, cart.id));
    const charges = await shop.database.db.select().from(testGatewayCharges);
    return {
      orders: placed.length,
      charges: charges.filter((charge) => placed.some((order) => charge.idempotencyKey.includes(order.id))).length,
    };
  }

  it.each([
    ['a price of its own', { paymentMethod: 'pm_x', totalCents: 1 }, 'VALIDATION_FAILED'],
    ['an amount of its own', { paymentMethod: 'pm_x', amount: '0.01' }, 'VALIDATION_FAILED'],
    ['no payment method', {}, 'VALIDATION_FAILED'],
    [
      'a payment method that is no reference',
      { testedState: 'TX', consents: everyConsent, paymentMethod: '4242424242424242' },
      'INVALID_PAYMENT_METHOD',
    ],
    ['a state that is no state', { testedState: 'ZZ', paymentMethod: 'pm_x' }, 'VALIDATION_FAILED'],
    ['an enormous payment method', { paymentMethod: 'pm_'.padEnd(5000, 'x') }, 'VALIDATION_FAILED'],
  ])('%s', async (_name, body, code) => {
    const visitor = await customerWithCart(shop.app);
    const response = await visitor.post('/api/checkout/orders', body, { 'idempotency-key': crypto.randomUUID() });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
    expect((await nothingWritten(visitor)).charges).toBe(0);
  });

  it('refuses a malformed Idempotency-Key before anything is written', async () => {
    const visitor = await customerWithCart(shop.app);
    const response = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
      { 'idempotency-key': 'bad key!' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Idempotency-Key must be 8 to 100 letters, digits, - or _');
    expect(await nothingWritten(visitor)).toEqual({ orders: 0, charges: 0 });
  });

  it('never pays for a cart that belongs to someone else', async () => {
    const owner = await customerWithCart(shop.app);
    const ownerCart = (await owner.get('/api/cart')).json<{ id: string }>();
    const thief = await customerWithCart(shop.app);
    const method = await paymentMethod(thief);
    // the thief's browser, signed in as the thief, carries the owner's cart cookie
    const stolen = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout/orders',
      remoteAddress: thief.address,
      headers: { cookie: `${thief.cookiesExcept('shop_cart')}; ${owner.cookie('shop_cart')}`, 'idempotency-key': crypto.randomUUID() },
      payload: { paymentMethod: method },
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual({ code: 'CART_EMPTY', message: 'Your cart is empty.' });
    expect(await shop.database.db.select().from(orders).where(eq(orders.cartId, ownerCart.id))).toHaveLength(0);
  });
});
