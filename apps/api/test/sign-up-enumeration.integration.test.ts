import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

/**
 * Whether an e-mail has an account is not for a stranger to learn: sign-up answers a known address
 * as it answers a new one (status, body, time), and the checkout's account step says so only in
 * the words the specification gives, no sooner for a known address.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const password = 'Sup3r-secret!';
const ROUNDS = 11;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The shape of a JSON body: its keys and the types of its values, all the way down. */
function shapeOf(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value === null ? 'null' : typeof value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
}

async function existingAccount(): Promise<string> {
  const email = uniqueEmail('owner');
  expect((await new Visitor(shop.app).post('/api/checkout/account', { email, password })).statusCode).toBe(200);
  return email;
}

describe('sign-up', () => {
  it('answers a known address with the status, body shape and cookies it gives a new one', async () => {
    const known = await new Visitor(shop.app).post('/api/auth/sign-up/email', {
      email: await existingAccount(),
      password: 'Other-passw0rd!',
      name: 'Someone',
    });
    const fresh = await new Visitor(shop.app).post('/api/auth/sign-up/email', { email: uniqueEmail('new'), password, name: 'Someone' });
    expect(known.statusCode).toBe(200);
    expect(fresh.statusCode).toBe(200);
    expect(shapeOf(known.json())).toEqual(shapeOf(fresh.json()));
    expect(known.json().token).toBeNull();
    expect(known.cookies.map((cookie) => cookie.name)).toEqual(fresh.cookies.map((cookie) => cookie.name));
  });

  it('takes as long for a known address as for a new one (medians within a factor of 1.6)', async () => {
    const knownEmails = await Promise.all(Array.from({ length: ROUNDS }, () => existingAccount()));
    const known: number[] = [];
    const fresh: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // interleaved, so that the machine's load falls on both alike
      known.push(
        (await timed(() => new Visitor(shop.app).post('/api/auth/sign-up/email', { email: knownEmails[round], password, name: 'A' }))).ms,
      );
      fresh.push(
        (await timed(() => new Visitor(shop.app).post('/api/auth/sign-up/email', { email: uniqueEmail('fresh'), password, name: 'A' }))).ms,
      );
    }
    const ratio = median(known) / median(fresh);
    expect(ratio, `known ${median(known).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeGreaterThan(1 / 1.6);
    expect(ratio, `known ${median(known).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeLessThan(1.6);
  });

  it('tells the owner of a known address by e-mail, and lets a new account sign in', async () => {
    const email = await existingAccount();
    await new Visitor(shop.app).post('/api/auth/sign-up/email', { email, password: 'Other-passw0rd!', name: 'Someone' });
    await shop.app.jobs.runDueJobs();
    const told = (await mailbox(shop, email)).filter((mail) => mail.template === 'account-exists');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('You already have a Base account');
    expect(told[0]!.text).toContain('/reset-password');

    const fresh = uniqueEmail('fresh');
    const visitor = new Visitor(shop.app);
    await visitor.post('/api/auth/sign-up/email', { email: fresh, password, name: 'New' });
    await shop.app.jobs.runDueJobs();
    expect((await mailbox(shop, fresh)).filter((mail) => mail.template === 'account-exists')).toEqual([]);
    expect((await visitor.post('/api/auth/sign-in/email', { email: fresh, password })).statusCode).toBe(200);
  });
});

describe('the checkout’s account step', () => {
  it('refuses a known address with a wrong password in the specification’s words', async () => {
    const response = await new Visitor(shop.app).post('/api/checkout/account', {
      email: await existingAccount(),
      password: 'Wrong-passw0rd!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'EMAIL_REJECTED',
      message: 'The email provided is not correct, please change it and try again.',
    });
  });

  it('refuses a wrong password no sooner than it creates an account (medians within a factor of 1.6)', async () => {
    const knownEmails = await Promise.all(Array.from({ length: ROUNDS }, () => existingAccount()));
    const known: number[] = [];
    const fresh: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const refused = await timed(() =>
        new Visitor(shop.app).post('/api/checkout/account', { email: knownEmails[round], password: 'Wrong-passw0rd!' }),
      );
      expect(refused.result.statusCode).toBe(400);
      known.push(refused.ms);
      const created = await timed(() => new Visitor(shop.app).post('/api/checkout/account', { email: uniqueEmail('fresh'), password }));
      expect(created.result.statusCode).toBe(200);
      fresh.push(created.ms);
    }
    const ratio = median(known) / median(fresh);
    expect(ratio, `known ${median(known).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeGreaterThan(1 / 1.6);
    expect(ratio, `known ${median(known).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeLessThan(1.6);
  });
});
