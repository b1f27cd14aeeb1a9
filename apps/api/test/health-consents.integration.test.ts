import { eq, sql } from 'drizzle-orm';
import { healthDataConsents, orders, quizResults } from '@shop/db';
import { collectConsentRefusal, healthDataConsentTexts } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutCollectRefusal } from '../src/health-consents/service.ts';
import {
  adultAnswers,
  createTestShop,
  customerWithCart,
  everyConsent,
  paymentMethod,
  quizConsent,
  uniqueEmail,
  Visitor,
  type TestShop,
} from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const quiz = { variant: 'quiz', answers: adultAnswers };
const browser = { 'user-agent': 'Consent-Test-Browser/1.0' };

async function storedResults(): Promise<number> {
  const [row] = await shop.database.db.select({ count: sql<number>`count(*)::int` }).from(quizResults);
  return Number(row?.count);
}

async function consentsOf(userId: string) {
  return shop.database.db.select().from(healthDataConsents).where(eq(healthDataConsents.userId, userId));
}

/** A visitor who signs up through the checkout's account step, after whatever they did as a visitor. */
async function signUp(visitor: Visitor): Promise<string> {
  const account = await visitor.post('/api/checkout/account', { email: uniqueEmail('consent'), password: 'Sup3r-secret!' });
  expect(account.statusCode, account.body).toBe(200);
  return account.json().user.id;
}

describe('the quiz stores health data only with the consent to collect it', () => {
  it('refuses answers sent without the consent, with a 422 that says so, and stores nothing', async () => {
    const before = await storedResults();
    const refused = await new Visitor(shop.app).post('/api/quiz-results', quiz);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: collectConsentRefusal });
    expect(refused.json().message).toContain('Nothing you entered was saved');
    expect(await storedResults()).toBe(before);
  });

  it('refuses a consent to words the page no longer shows (409), an unknown kind (400), and stores nothing', async () => {
    const before = await storedResults();
    const stale = await new Visitor(shop.app).post('/api/quiz-results', {
      ...quiz,
      consent: { ...quizConsent, version: 'collect-health-data-0' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('CONSENT_TEXT_CHANGED');
    const unknown = await new Visitor(shop.app).post('/api/quiz-results', { ...quiz, consent: { kind: 'sell_my_data', version: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('UNKNOWN_CONSENT');
    expect(await storedResults()).toBe(before);
  });

  it('records the consent with its version, time, address and browser, and carries it to the account made after', async () => {
    const visitor = new Visitor(shop.app);
    const taken = await visitor.post('/api/quiz-results', { ...quiz, consent: quizConsent }, browser);
    expect(taken.statusCode, taken.body).toBe(201);
    // a later quiz in the same browser needs no new box ticked: the consent is in force
    const again = await visitor.post('/api/quiz-results', quiz, browser);
    expect(again.statusCode, again.body).toBe(201);

    const userId = await signUp(visitor);
    const [row, ...more] = await consentsOf(userId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind: 'collect_health_data',
      version: healthDataConsentTexts.collect_health_data.version,
      userAgent: 'Consent-Test-Browser/1.0',
      withdrawnAt: null,
    });
    expect(row?.ipAddress).toBeTruthy();
    expect(Date.now() - (row?.givenAt.getTime() ?? 0)).toBeLessThan(60_000);

    const listed = await visitor.get('/api/account/health-consents');
    expect(listed.json().consents).toEqual([expect.objectContaining({ kind: 'collect_health_data', withdrawnAt: null })]);
  });

  it('stops storing once the member withdraws, until they agree again', async () => {
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/quiz-results', { ...quiz, consent: quizConsent })).statusCode).toBe(201);
    await signUp(visitor);
    expect((await visitor.post('/api/quiz-results', quiz)).statusCode).toBe(201);

    const withdrawn = await visitor.post('/api/account/health-consents/collect_health_data/withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ withdrawn: 1 });
    const before = await storedResults();
    const refused = await visitor.post('/api/quiz-results', quiz);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('CONSENT_REQUIRED');
    expect(await storedResults()).toBe(before);
    // nothing left to withdraw
    expect((await visitor.post('/api/account/health-consents/collect_health_data/withdraw')).statusCode).toBe(404);

    // the account page gives it again; a new row, the withdrawn one kept as it was
    const given = await visitor.post('/api/health-consents', quizConsent);
    expect(given.statusCode, given.body).toBe(201);
    expect((await visitor.post('/api/quiz-results', quiz)).statusCode).toBe(201);
    const history = (await visitor.get('/api/account/health-consents')).json().consents;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ withdrawnAt: null });
    expect(history[1].withdrawnAt).not.toBeNull();
  });

  it('does not let a signed-out browser’s consent speak for an account, nor a visitor withdraw', async () => {
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/account/health-consents/collect_health_data/withdraw')).statusCode).toBe(401);
    expect((await visitor.get('/api/account/health-consents')).statusCode).toBe(401);
    const member = new Visitor(shop.app);
    await signUp(member);
    // the member never agreed: their quiz is refused
    expect((await member.post('/api/quiz-results', quiz)).statusCode).toBe(422);
  });
});

describe('the checkout stores a test’s health data only with the consent to collect it', () => {
  const orderConsents = everyConsent.filter((kind) => kind !== 'collect_health_data');
  async function placeTest(visitor: Visitor, consents: readonly string[] = orderConsents) {
    return visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents, paymentMethod: await paymentMethod(visitor) },
      { 'idempotency-key': crypto.randomUUID(), ...browser },
    );
  }
  async function ordersOf(userId: string) {
    return shop.database.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
  }

  it('refuses a test ordered by someone who never took the quiz until they agree here, and records that consent', async () => {
    const buyer = new Visitor(shop.app);
    expect((await buyer.post('/api/cart/items', { productCode: 'base-monitor', testId: 53, frequency: 'monthly' })).statusCode).toBe(200);
    const userId = await signUp(buyer);
    expect((await buyer.get('/api/health-consents/in-force')).json()).toEqual({ kinds: [] });

    const refused = await placeTest(buyer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: checkoutCollectRefusal });
    expect(await ordersOf(userId)).toEqual([]);
    expect(await consentsOf(userId)).toEqual([]);
    const placed = await placeTest(buyer, everyConsent);
    expect(placed.statusCode, placed.body).toBe(201);
    const [consent] = await consentsOf(userId);
    expect(consent).toMatchObject({
      kind: 'collect_health_data',
      version: healthDataConsentTexts.collect_health_data.version,
      ipAddress: buyer.address,
      userAgent: browser['user-agent'],
      withdrawnAt: null,
    });
    expect((await buyer.get('/api/health-consents/in-force')).json()).toEqual({ kinds: ['collect_health_data'] });
  });

  it('asks nothing again of the quiz’s consent, asks again once it is withdrawn, and asks nothing of an order without a test', async () => {
    const member = await customerWithCart(shop.app);
    expect((await member.get('/api/health-consents/in-force')).json()).toEqual({ kinds: ['collect_health_data'] });
    expect((await placeTest(member)).statusCode).toBe(201);

    expect((await member.post('/api/account/health-consents/collect_health_data/withdraw')).statusCode).toBe(200);
    expect((await member.post('/api/cart/items', { productCode: 'base-monitor', testId: 53, frequency: 'monthly' })).statusCode).toBe(200);
    expect((await placeTest(member)).json().code).toBe('CONSENT_REQUIRED');

    const daily = new Visitor(shop.app);
    expect((await daily.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    await signUp(daily);
    expect((await placeTest(daily)).statusCode).toBe(201);
  });
});
