import { consentTexts } from '@shop/core';
import { eq } from 'drizzle-orm';
import { orderConsents, orders, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adultAnswers,
  createTestShop,
  customerWithCart,
  paymentMethod,
  uniqueEmail,
  Visitor,
  type TestShop,
  quizConsent,
} from './helpers.ts';

// The consents place order requires and records (docs/decisions/0069-consents-the-api-records.md):
// each one the cart needs, refused by name when missing, kept with its words' version, time and address.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const db = () => shop.database.db;

async function place(visitor: Visitor, consents: string[]) {
  return visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', paymentMethod: await paymentMethod(visitor), consents },
    { 'idempotency-key': crypto.randomUUID() },
  );
}

async function recorded(orderId: string) {
  return db().select().from(orderConsents).where(eq(orderConsents.orderId, orderId));
}

/** A customer with the starter test and the Improvement Program billed on results in their cart. */
async function programCustomer(): Promise<Visitor> {
  const visitor = new Visitor(shop.app);
  const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
  await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
  await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan', quizResultId: quiz.json().id });
  await visitor.post('/api/checkout/account', { email: uniqueEmail('consents'), password: 'Sup3r-secret!' });
  return visitor;
}

describe('place order', () => {
  it('refuses a program without the consent to keep the card, naming it, and writes and charges nothing', async () => {
    const visitor = await programCustomer();
    const charges = (await db().select().from(testGatewayCharges)).length;
    const refused = await place(visitor, ['hipaa_authorization']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'CONSENT_REQUIRED',
      message: expect.stringContaining('keep_card'),
    });
    expect(refused.json().message).toContain(consentTexts.keep_card.missing);
    const cart = (await visitor.get('/api/cart')).json<{ id: string }>();
    expect(await db().select().from(orders).where(eq(orders.cartId, cart.id))).toHaveLength(0);
    expect((await db().select().from(testGatewayCharges)).length).toBe(charges);
  });

  it('refuses a test without the lab’s release of its results', async () => {
    const visitor = await customerWithCart(shop.app);
    const refused = await place(visitor, []);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('CONSENT_REQUIRED');
    expect(refused.json().message).toContain('hipaa_authorization');
  });

  it('records each consent the cart needs with its words’ version, the time and the address, once', async () => {
    const visitor = await programCustomer();
    const before = new Date();
    // a consent the cart does not need is not recorded: only what the person was shown counts
    const placed = await place(visitor, ['keep_card', 'hipaa_authorization', 'monthly_renewal']);
    expect(placed.statusCode, placed.body).toBe(201);
    const rows = await recorded(placed.json().order.id);
    expect(rows.map((row) => [row.kind, row.version]).sort()).toEqual([
      ['hipaa_authorization', consentTexts.hipaa_authorization.version],
      ['keep_card', consentTexts.keep_card.version],
    ]);
    for (const row of rows) {
      expect(row.ipAddress).toBe(visitor.address);
      expect(row.givenAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    }
  });

  it('asks a test subscription for the charge of each delivery, and Base Daily for its monthly renewal', async () => {
    const subscriber = new Visitor(shop.app);
    await subscriber.post('/api/cart/items', { productCode: 'base-monitor', testId: 53, frequency: 'monthly' });
    await subscriber.post('/api/checkout/account', { email: uniqueEmail('consents'), password: 'Sup3r-secret!' });
    const refusedSubscription = await place(subscriber, ['hipaa_authorization']);
    expect(refusedSubscription.statusCode).toBe(422);
    expect(refusedSubscription.json().message).toContain('charge_per_delivery');
    // never took the quiz: the consent to collect health data is asked here too (decision 0078)
    const subscribed = await place(subscriber, ['hipaa_authorization', 'charge_per_delivery', 'collect_health_data']);
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    const member = new Visitor(shop.app);
    await member.post('/api/cart/items', { productCode: 'base-daily' });
    await member.post('/api/checkout/account', { email: uniqueEmail('consents'), password: 'Sup3r-secret!' });
    const refusedMembership = await place(member, []);
    expect(refusedMembership.statusCode).toBe(422);
    expect(refusedMembership.json().message).toContain('monthly_renewal');
    const joined = await place(member, ['monthly_renewal']);
    expect(joined.statusCode, joined.body).toBe(201);
    expect((await recorded(joined.json().order.id)).map((row) => row.kind)).toEqual(['monthly_renewal']);
  });

  it('refuses a consent it does not know with a 400', async () => {
    const visitor = await customerWithCart(shop.app);
    const refused = await place(visitor, ['hipaa_authorization', 'sell_my_data']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
  });
});
