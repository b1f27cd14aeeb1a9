import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../src/rate-limit/limiter.ts';
import { createTestShop, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const tooMany = expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

describe('rate limits', () => {
  it('stops guessing one account’s password from many addresses', async () => {
    const email = uniqueEmail('target');
    await new Visitor(shop.app).post('/api/checkout/account', { email, password: 'Right-passw0rd!' });
    const statuses: number[] = [];
    // the account step itself counted once against the account
    for (let attempt = 1; attempt < limits.signInPerAccount.max; attempt++) {
      statuses.push((await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: `wrong-${attempt}` })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const blocked = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: 'Right-passw0rd!' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: tooMany });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops one address trying many accounts, and lets other addresses in', async () => {
    const address = '127.9.9.9';
    let last = 0;
    for (let attempt = 0; attempt <= limits.signInPerAddress.max; attempt++) {
      last = (await new Visitor(shop.app, address).post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'x' }))
        .statusCode;
    }
    expect(last).toBe(429);
    const elsewhere = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email: uniqueEmail('other'), password: 'x' });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('limits reset e-mails per account, with the same answer until then', async () => {
    const email = uniqueEmail('resets');
    const answers: number[] = [];
    for (let attempt = 0; attempt <= limits.resetPerAccount.max; attempt++) {
      answers.push((await new Visitor(shop.app).post('/api/password-reset', { email })).statusCode);
    }
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('limits sign-ups from one address', async () => {
    const address = '127.8.8.8';
    let last = 0;
    for (let attempt = 0; attempt <= limits.signUpPerAddress.max; attempt++) {
      last = (
        await new Visitor(shop.app, address).post('/api/checkout/account', { email: uniqueEmail('bulk'), password: 'Bulk-passw0rd!' })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('a sign-up limit of its own (SIGN_UP_LIMIT_PER_ADDRESS)', () => {
  let raised: TestShop;
  beforeAll(async () => {
    raised = await createTestShop({ env: { SIGN_UP_LIMIT_PER_ADDRESS: '3' } });
  });
  afterAll(() => raised.close());

  it('counts sign-ups and checkout account steps from one address against it', async () => {
    const visitor = new Visitor(raised.app, '127.8.9.9');
    const statuses = [
      (await visitor.post('/api/auth/sign-up/email', { email: uniqueEmail('limit'), password: 'Limit-passw0rd!', name: 'Ann' })).statusCode,
      (await visitor.post('/api/checkout/account', { email: uniqueEmail('limit'), password: 'Limit-passw0rd!' })).statusCode,
      (await visitor.post('/api/checkout/account', { email: uniqueEmail('limit'), password: 'Limit-passw0rd!' })).statusCode,
    ];
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await visitor.post('/api/checkout/account', { email: uniqueEmail('limit'), password: 'Limit-passw0rd!' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toEqual(tooMany);
    // another address is not held back by this one's sign-ups
    const other = await new Visitor(raised.app, '127.8.9.10').post('/api/checkout/account', {
      email: uniqueEmail('limit'),
      password: 'Limit-passw0rd!',
    });
    expect(other.statusCode).toBe(200);
  });
});
