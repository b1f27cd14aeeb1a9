import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../src/rate-limit/limiter.ts';
import { createTestShop, productionEnv, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

/** Sign-ins from one connection, each claiming a new client address in X-Forwarded-For. */
async function spoofedSignIns(shop: TestShop, connection: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const response = await new Visitor(shop.app, connection).post(
      '/api/auth/sign-in/email',
      { email: uniqueEmail('spoof'), password: 'wrong-password' },
      { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
    );
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe('X-Forwarded-For, with no proxy trusted (the default, in production too)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: productionEnv });
  });
  afterAll(() => shop.close());

  it('counts the connection’s address, whatever the header claims', async () => {
    const statuses = await spoofedSignIns(shop, '127.20.0.1', limits.signInPerAddress.max + 10);
    expect(statuses.slice(0, limits.signInPerAddress.max).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limits.signInPerAddress.max).every((status) => status === 429)).toBe(true);
  });
});

describe('X-Forwarded-For, behind a trusted proxy', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { TRUST_PROXY: '127.30.0.1' } });
  });
  afterAll(() => shop.close());

  it('counts the client the proxy names, each on its own', async () => {
    const statuses = await spoofedSignIns(shop, '127.30.0.1', limits.signInPerAddress.max + 10);
    expect(new Set(statuses)).toEqual(new Set([401]));
  });

  it('still counts a client the proxy named too often', async () => {
    let last = 0;
    for (let attempt = 0; attempt <= limits.signInPerAddress.max; attempt++) {
      last = (
        await new Visitor(shop.app, '127.30.0.1').post(
          '/api/auth/sign-in/email',
          { email: uniqueEmail('one'), password: 'x' },
          { 'x-forwarded-for': '203.0.113.7' },
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });

  it('believes no header from a connection that is not the proxy', async () => {
    const statuses = await spoofedSignIns(shop, '127.31.0.1', limits.signInPerAddress.max + 1);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('X-Forwarded-For, one hop trusted', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => shop.close());

  it('takes the address the nearest proxy saw, not one the client wrote before it', async () => {
    let last = 0;
    for (let attempt = 0; attempt <= limits.signInPerAddress.max; attempt++) {
      // the client writes a new address each time; the proxy appends the one it saw, always the same
      last = (
        await new Visitor(shop.app, '127.40.0.1').post(
          '/api/auth/sign-in/email',
          { email: uniqueEmail('hop'), password: 'x' },
          { 'x-forwarded-for': `198.51.100.${attempt + 1}, 203.0.113.9` },
        )
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
