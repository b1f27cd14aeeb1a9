import { desc, eq } from 'drizzle-orm';
import { carts, quizResults, sessions, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adultAnswers,
  createTestShop,
  customerWithCart,
  paymentMethod,
  uniqueEmail,
  Visitor,
  type TestShop,
  everyConsent,
  quizConsent,
} from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const password = 'Sup3r-secret!';

async function member(): Promise<string> {
  const email = uniqueEmail('member');
  expect((await new Visitor(shop.app).post('/api/auth/sign-up/email', { email, password, name: 'Member' })).statusCode).toBe(200);
  return email;
}

function sessionToken(response: { cookies: { name: string; value: string }[] }): string | undefined {
  return response.cookies.find((cookie) => cookie.name.endsWith('session_token'))?.value;
}

describe('sessions', () => {
  it('starts a new session at every sign-in and ends it at sign-out', async () => {
    const email = await member();
    const first = new Visitor(shop.app);
    const second = new Visitor(shop.app);
    const one = await first.post('/api/auth/sign-in/email', { email, password });
    const two = await second.post('/api/auth/sign-in/email', { email, password });
    expect(sessionToken(one)).toBeTruthy();
    expect(sessionToken(one)).not.toBe(sessionToken(two));
    const cookie = one.headers['set-cookie'];
    expect(String(cookie)).toMatch(/HttpOnly/i);
    expect(String(cookie)).toMatch(/SameSite=Lax/i);

    expect((await first.get('/api/orders')).statusCode).toBe(200);
    await first.post('/api/auth/sign-out', {});
    expect((await first.get('/api/orders')).statusCode).toBe(401);
    expect((await second.get('/api/orders')).statusCode).toBe(200);
  });

  it('gives the account what the visitor made before signing in', async () => {
    const email = await member();
    const visitor = new Visitor(shop.app);
    const quiz = (await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent })).json();
    const cart = (await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.id })).json();
    const signedIn = await visitor.post('/api/auth/sign-in/email', { email, password });
    const userId = signedIn.json().user.id;

    const [cartRow] = await shop.database.db.select().from(carts).where(eq(carts.id, cart.id));
    const [quizRow] = await shop.database.db.select().from(quizResults).where(eq(quizResults.id, quiz.id));
    expect(cartRow?.userId).toBe(userId);
    expect(quizRow?.userId).toBe(userId);
    expect((await visitor.get('/api/cart')).json().items).toHaveLength(1);
  });
});

describe('no account enumeration through password reset', () => {
  it('answers known and unknown addresses alike, in similar time', async () => {
    const known = await member();
    const time = async (email: string) => {
      const started = performance.now();
      const response = await new Visitor(shop.app).post('/api/password-reset', { email });
      return { ms: performance.now() - started, status: response.statusCode, body: response.body };
    };
    const knownRuns = [];
    const unknownRuns = [];
    for (let run = 0; run < 4; run++) {
      knownRuns.push(await time(known));
      unknownRuns.push(await time(uniqueEmail('ghost')));
    }
    expect(new Set([...knownRuns, ...unknownRuns].map((run) => `${run.status} ${run.body}`)).size).toBe(1);
    const median = (runs: { ms: number }[]) => runs.map((run) => run.ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    // the e-mail goes out in the background, so a known address costs no more than a lookup
    expect(Math.abs(median(knownRuns) - median(unknownRuns))).toBeLessThan(150);
  });
});

describe('changing the password', () => {
  it('keeps this session, ends every other one, and checks the current password', async () => {
    const email = await member();
    const here = new Visitor(shop.app);
    const elsewhere = new Visitor(shop.app);
    await here.post('/api/auth/sign-in/email', { email, password });
    await elsewhere.post('/api/auth/sign-in/email', { email, password });

    const wrong = await here.post('/api/account/password', {
      currentPassword: 'not-it',
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd!',
    });
    expect(wrong.json()).toEqual({ code: 'CURRENT_PASSWORD_WRONG', message: 'Your current password is not correct.' });
    const weak = await here.post('/api/account/password', { currentPassword: password, password: 'weak', confirmPassword: 'weak' });
    expect(weak.json().code).toBe('PASSWORD_NOT_VALID');

    const changed = await here.post('/api/account/password', {
      currentPassword: password,
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd!',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await here.get('/api/orders')).statusCode).toBe(200);
    expect((await elsewhere.get('/api/orders')).statusCode).toBe(401);
    const signIn = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: 'New-passw0rd!' });
    expect(signIn.statusCode).toBe(200);
  });

  it('is only for a signed-in member', async () => {
    const response = await new Visitor(shop.app).post('/api/account/password', {
      currentPassword: 'a',
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd!',
    });
    expect(response.statusCode).toBe(401);
  });

  // place order reads the session and the cart in one statement; a session the shop does not
  // answer alone goes to the auth library, and the cart is then read on its own
  it('places the order of a session due for its refresh, and of one gone, as the library decides', async () => {
    const customer = await customerWithCart(shop.app);
    const method = await paymentMethod(customer);
    const [user] = await shop.database.db.select({ id: users.id }).from(users).orderBy(desc(users.createdAt)).limit(1);
    // live for another hour only: past the library's refresh age
    await shop.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.userId, user!.id));
    const placed = await customer.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': 'refresh-due-order' },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [session] = await shop.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60 * 1000);
    const again = await customer.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': 'refresh-due-order' },
    );
    expect(again.json().order.id).toBe(placed.json().order.id);

    await shop.database.db.delete(sessions).where(eq(sessions.userId, user!.id));
    const signedOut = await customer.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': 'refresh-due-order' },
    );
    expect(signedOut.statusCode).toBe(401);
  });
});
