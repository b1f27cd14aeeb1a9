import { eq, like } from 'drizzle-orm';
import { collectionChoices, emailOutbox, orders, providerOrders, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employerHelpers } from './employer-helpers.ts';
import { deliveredGift, recipient, redeem, redemption, shipping } from './gift-helpers.ts';
import { customerWithCart, paymentMethod, Visitor, type TestShop, everyConsent, shopWithOperator } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';
import { dueTimes, subscriptionOrder } from './subscription-order.ts';

// Where tests may be sold (docs/decisions/0060-where-tests-are-sold.md), at every door an order
// comes in by: refused with a 4xx and nothing written or charged; elsewhere as before.
let shop: TestShop;
let operator: Visitor;
beforeAll(async () => {
  ({ shop, operator } = await shopWithOperator());
});
afterAll(() => shop.close());

const db = () => shop.database.db;
const home = { method: 'home', fullName: 'Ann Lee', shippingAddress: '410 Congress Ave', city: 'Austin', zipCode: '78701' };

async function cartId(visitor: Visitor): Promise<string> {
  return (await visitor.get('/api/cart')).json<{ id: string }>().id;
}

async function chargeCount(): Promise<number> {
  return (await db().select().from(testGatewayCharges)).length;
}

function place(visitor: Visitor, body: Record<string, unknown>) {
  return visitor.post('/api/checkout/orders', { consents: everyConsent, ...body }, { 'idempotency-key': crypto.randomUUID() });
}

describe('place order', () => {
  it.each([
    [{ testedState: 'NY' }, 'New York'],
    [{ testedState: 'NJ' }, 'New Jersey'],
    [{ testedState: 'RI' }, 'Rhode Island'],
    [{ testedZip: '10004' }, 'New York'],
  ])('refuses a test for a person living at %o, with nothing stored or charged', async (tested, name) => {
    const visitor = await customerWithCart(shop.app);
    const method = await paymentMethod(visitor);
    const charges = await chargeCount();
    const refused = await place(visitor, { paymentMethod: method, ...tested });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'NOT_SOLD_IN_STATE', message: expect.stringContaining(name) });
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.cartId, await cartId(visitor))),
    ).toEqual([]);
    expect(await chargeCount()).toBe(charges);
  });

  it('asks where the person tested lives when the cart holds a test', async () => {
    const visitor = await customerWithCart(shop.app);
    const refused = await place(visitor, { paymentMethod: await paymentMethod(visitor) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('TESTED_STATE_REQUIRED');
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.cartId, await cartId(visitor))),
    ).toEqual([]);
  });

  it('places a test for Maryland, taken at a partner lab and never with a home kit', async () => {
    const visitor = await customerWithCart(shop.app);
    const placed = await place(visitor, { paymentMethod: await paymentMethod(visitor), testedZip: '21201' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    const kit = await visitor.post(`/api/orders/${orderId}/collection`, { ...home, city: 'Baltimore', zipCode: '21201' });
    expect(kit.statusCode).toBe(422);
    expect(kit.json()).toMatchObject({ code: 'HOME_KIT_NOT_IN_STATE', message: expect.stringContaining('Lab Pick-Up') });
    const lab = await visitor.post(`/api/orders/${orderId}/collection`, {
      method: 'lab',
      zipCode: '21201',
      labLocationId: 'lab-baltimore',
    });
    expect(lab.statusCode, lab.body).toBe(200);
  });

  it('sells Base Daily anywhere, without asking the state', async () => {
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    expect(
      (await visitor.post('/api/checkout/account', { email: `daily-${crypto.randomUUID()}@example.com`, password: 'Sup3r-secret!' }))
        .statusCode,
    ).toBe(200);
    const placed = await place(visitor, { paymentMethod: await paymentMethod(visitor) });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe('the collection choice', () => {
  async function paidOrder() {
    const visitor = await customerWithCart(shop.app);
    const placed = await place(visitor, { paymentMethod: await paymentMethod(visitor), testedState: 'PA' });
    expect(placed.statusCode, placed.body).toBe(201);
    return { visitor, orderId: placed.json().order.id as string };
  }

  it('sends no home kit to New York, and stores no choice', async () => {
    const { visitor, orderId } = await paidOrder();
    const refused = await visitor.post(`/api/orders/${orderId}/collection`, { ...home, city: 'New York', zipCode: '10004' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('HOME_KIT_NOT_IN_STATE');
    expect(await db().select().from(collectionChoices).where(eq(collectionChoices.orderId, orderId))).toEqual([]);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('collection_pending');
  });

  it('books no partner lab in New Jersey', async () => {
    const { visitor, orderId } = await paidOrder();
    const refused = await visitor.post(`/api/orders/${orderId}/collection`, {
      method: 'lab',
      zipCode: '19103',
      labLocationId: 'lab-jersey-city',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'LAB_NOT_AVAILABLE', message: expect.stringContaining('New Jersey') });
    expect(await db().select().from(collectionChoices).where(eq(collectionChoices.orderId, orderId))).toEqual([]);
  });

  it('ships a home kit to Texas as before', async () => {
    const { visitor, orderId } = await paidOrder();
    const chosen = await visitor.post(`/api/orders/${orderId}/collection`, home);
    expect(chosen.statusCode, chosen.body).toBe(200);
  });
});

describe('gift redemption', () => {
  it('refuses a recipient in New York, with no order made, and redeems in Texas', async () => {
    const gift = await deliveredGift(shop);
    const visitor = await recipient(shop);
    const ordersBefore = (await db().select().from(orders)).length;
    const refused = await redeem(visitor, redemption(gift.code, { shipping: { ...shipping, city: 'New York', zipCode: '10004' } }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('NOT_SOLD_IN_STATE');
    expect((await db().select().from(orders)).length).toBe(ordersBefore);
    const redeemed = await redeem(visitor, redemption(gift.code));
    expect(redeemed.statusCode, redeemed.body).toBe(201);
  });
});

describe('employer cover', () => {
  const { codedGroup, eligibleEmployee } = employerHelpers(
    () => shop,
    () => operator,
  );

  it('refuses a covered starter test for a New Jersey employee, and covers one in Texas', async () => {
    const group = await codedGroup(`states-${Date.now().toString(36)}`, null, 2);
    const refusedWorker = await eligibleEmployee(group);
    const refused = await place(refusedWorker, { paymentMethod: 'covered', testedState: 'NJ' });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(
      await db()
        .select()
        .from(orders)
        .where(eq(orders.cartId, await cartId(refusedWorker))),
    ).toEqual([]);
    const worker = await eligibleEmployee(group);
    const placed = await place(worker, { paymentMethod: 'covered', testedState: 'TX' });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});

describe('clinic orders', () => {
  const { newClinic } = payLinkHelpers(() => shop);

  async function clientIn(admin: Visitor, state: string) {
    const response = await admin.post('/api/providers/clients', {
      firstName: 'Maya',
      lastName: 'Lopez',
      email: `client-${crypto.randomUUID()}@example.com`,
      dateOfBirth: '1985-06-01',
      state,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  it('sends no pay link for a client in Rhode Island, and one for a client in California', async () => {
    const { admin } = await newClinic();
    const refusedClient = await clientIn(admin, 'RI');
    const refused = await admin.post('/api/providers/orders', { clientId: refusedClient, items: ['test-1'] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().code).toBe('NOT_SOLD_IN_STATE');
    expect(await db().select().from(providerOrders).where(eq(providerOrders.clientId, refusedClient))).toEqual([]);
    const sent = await admin.post('/api/providers/orders', { clientId: await clientIn(admin, 'CA'), items: ['test-1'] });
    expect(sent.statusCode, sent.body).toBe(201);
  });
});

describe('test subscription deliveries', () => {
  it('holds a delivery whose kit would go to New York: nothing charged, the member told', async () => {
    const { subscription, orderId, email } = await subscriptionOrder(shop);
    // a home kit chosen for New York before the rule (or written by hand): the table now refuses it
    await db().insert(collectionChoices).values({
      orderId,
      method: 'home',
      zipCode: '10004',
      fullName: 'Ann Lee',
      shippingAddress: '1 Broadway',
      city: 'New York',
    });
    await shop.app.jobs.runDueJobs({ now: dueTimes(subscription).due });
    // (the Base Daily bought above renews then too: only this subscription's charges are counted)
    const charges = await db()
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `subscription:${subscription.id}:%`));
    expect(charges).toEqual([]);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail.map((row) => row.subject)).toContain(`We have held your next ${subscription.title} kit`);
  });
});
