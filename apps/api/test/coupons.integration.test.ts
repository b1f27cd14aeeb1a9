import { eq } from 'drizzle-orm';
import { carts, couponRedemptions, coupons, orders, payments } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestShop,
  customerWithCart,
  paymentMethod,
  staffVisitor,
  type TestShop,
  type Visitor,
  everyConsent,
  placeOrder,
} from './helpers.ts';

const day = 24 * 60 * 60 * 1000;

describe('discount codes', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
    await shop.database.db.insert(coupons).values([
      { code: 'SAVE20', kind: 'percent', value: 20, oncePerCustomer: false },
      { code: 'TENOFF', kind: 'fixed', value: 1000, oncePerCustomer: true },
      { code: 'OLDCODE', kind: 'percent', value: 10, startsAt: new Date(Date.now() - 10 * day), expiresAt: new Date(Date.now() - day) },
      { code: 'LIMIT10', kind: 'percent', value: 15, usageLimit: 10, oncePerCustomer: false, source: 'giveaway' },
    ]);
  });
  afterAll(() => shop.close());

  const cartOf = async (visitor: Visitor) => (await visitor.get('/api/cart')).json<{ id: string }>();
  const place = async (visitor: Visitor) => placeOrder(visitor);

  it('takes a percent off what is paid now and charges the discounted total', async () => {
    const visitor = await customerWithCart(shop.app);
    const applied = await visitor.post('/api/cart/coupon', { code: ' save20 ' });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ couponCode: 'SAVE20', discount: '$15.99', total: '$63.96' });
    const cart = (await visitor.get('/api/cart')).json();
    expect(cart).toMatchObject({
      discountCents: 1599,
      totalCents: 6396,
      display: { couponCode: 'SAVE20', discount: '$15.99', total: '$63.96' },
    });

    const placed = await place(visitor);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.total).toBe('$63.96');
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(order).toMatchObject({ subtotalCents: 7995, discountCents: 1599, totalCents: 6396 });
    expect(order!.appliedDiscounts).toEqual([expect.objectContaining({ source: 'coupon', code: 'SAVE20', discountCents: 1599 })]);
    const [payment] = await shop.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(payment?.amountCents).toBe(6396);
    expect(await shop.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order!.id))).toHaveLength(1);
  });

  it('refuses an expired, unknown or malformed code with its message and stores nothing', async () => {
    const visitor = await customerWithCart(shop.app);
    const expired = await visitor.post('/api/cart/coupon', { code: 'oldcode' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: 'DISCOUNT_CODE_EXPIRED', message: 'The discount code you applied is expired.' });
    const unknown = await visitor.post('/api/cart/coupon', { code: 'NOSUCHCODE' });
    expect(unknown.json()).toEqual({
      code: 'DISCOUNT_CODE_NOT_FOUND',
      message: 'We could not find this discount code. Please check it and try again.',
    });
    const malformed = await visitor.post('/api/cart/coupon', { code: '<script>' });
    expect(malformed.statusCode).toBe(400);
    const [cart] = await shop.database.db
      .select()
      .from(carts)
      .where(eq(carts.id, (await cartOf(visitor)).id));
    expect(cart?.couponCode).toBeNull();
  });

  it('checks the code again when the order is placed: expired since, nothing is charged', async () => {
    await shop.database.db.insert(coupons).values({ code: 'SOONGONE', kind: 'percent', value: 10, oncePerCustomer: false });
    const visitor = await customerWithCart(shop.app);
    expect((await visitor.post('/api/cart/coupon', { code: 'SOONGONE' })).statusCode).toBe(200);
    await shop.database.db
      .update(coupons)
      .set({ startsAt: new Date(Date.now() - day), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, 'SOONGONE'));
    const placed = await place(visitor);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toEqual({ code: 'DISCOUNT_CODE_EXPIRED', message: 'The discount code you applied is expired.' });
    const cart = await cartOf(visitor);
    expect(await shop.database.db.select().from(orders).where(eq(orders.cartId, cart.id))).toHaveLength(0);

    // removing the code lets the customer pay the full price
    const removed = await visitor.request({ method: 'DELETE', url: '/api/cart/coupon' });
    expect(removed.json()).toMatchObject({ couponCode: null, discount: '$0.00', total: '$79.95' });
    expect((await place(visitor)).statusCode).toBe(201);
  });

  it('a once-per-customer code works once for each customer', async () => {
    const visitor = await customerWithCart(shop.app);
    await visitor.post('/api/cart/coupon', { code: 'TENOFF' });
    expect((await place(visitor)).json().order.total).toBe('$69.95');
    await visitor.post('/api/cart/items', { productCode: 'food-allergy' });
    const again = await visitor.post('/api/cart/coupon', { code: 'TENOFF' });
    expect(again.json()).toEqual({
      code: 'DISCOUNT_CODE_ALREADY_USED',
      message: 'You have already used this discount code. It can be used once per customer.',
    });
  });

  it('a code with a usage limit of 10 is used by exactly 10 of 50 concurrent checkouts', async () => {
    const visitors = await Promise.all(Array.from({ length: 50 }, () => customerWithCart(shop.app)));
    for (const visitor of visitors) expect((await visitor.post('/api/cart/coupon', { code: 'LIMIT10' })).statusCode).toBe(200);
    const methods = await Promise.all(visitors.map((visitor) => paymentMethod(visitor)));
    const responses = await Promise.all(
      visitors.map((visitor, index) =>
        visitor.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: methods[index] },
          { 'idempotency-key': crypto.randomUUID() },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    expect(new Set(responses.filter((response) => response.statusCode === 409).map((response) => response.json().code))).toEqual(
      new Set(['DISCOUNT_CODE_LIMIT_REACHED']),
    );
    const [limited] = await shop.database.db.select().from(coupons).where(eq(coupons.code, 'LIMIT10'));
    expect(await shop.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, limited!.id))).toHaveLength(10);
  }, 120_000);

  it('a visit through an affiliate link gives the friend 20% off their first order', async () => {
    const visitor = await customerWithCart(shop.app);
    await visitor.get('/api/health?affiliate=hbr&rc=spring');
    expect(visitor.hasCookie('attribution')).toBe(true);
    const placed = await place(visitor);
    expect(placed.json().order.total).toBe('$63.96');
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(order!.appliedDiscounts).toEqual([expect.objectContaining({ source: 'affiliate', discountCents: 1599 })]);
  });
});

describe('coupons in the operator console', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('an operator creates a code with its rules; a customer or a clinician cannot', async () => {
    const operator = await staffVisitor(shop, 'operator');
    const created = await operator.post('/api/admin/coupons', {
      code: 'spring-25',
      kind: 'percent',
      value: 25,
      giveaway: true,
      usageLimit: 100,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SPRING-25', label: '25% off', giveaway: true, usageLimit: 100 });
    const again = await operator.post('/api/admin/coupons', { code: 'SPRING-25', kind: 'percent', value: 20 });
    expect(again.json()).toEqual({ code: 'COUPON_EXISTS', message: 'A coupon with the code SPRING-25 already exists.' });
    const giveaway = await operator.post('/api/admin/coupons', { code: 'TOO-MUCH', kind: 'percent', value: 30, giveaway: true });
    expect(giveaway.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'A giveaway code takes 15% to 25% off.' });

    const clinician = await staffVisitor(shop, 'clinician');
    expect((await clinician.post('/api/admin/coupons', { code: 'SNEAKY', kind: 'percent', value: 50 })).statusCode).toBe(403);
    expect((await clinician.get('/api/admin/coupons')).json().coupons.map((row: { code: string }) => row.code)).toEqual(['SPRING-25']);
    const customer = await customerWithCart(shop.app);
    expect((await customer.post('/api/admin/coupons', { code: 'SNEAKY', kind: 'percent', value: 50 })).statusCode).toBe(403);
  });
});
