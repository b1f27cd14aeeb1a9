import { eq, sql } from 'drizzle-orm';
import { users, verifications } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

async function userCount(): Promise<number> {
  const [row] = await shop.database.db.select({ count: sql<number>`count(*)::int` }).from(users);
  return Number(row?.count);
}

const badEmails = [
  '',
  ' ',
  'plainaddress',
  '@example.com',
  'ann@',
  `${'a'.repeat(300)}@example.com`,
  "ann'; DROP TABLE users; --@example.com",
  '<script>alert(1)</script>@example.com',
  'ánn@exämple',
  42,
  null,
  ['ann@example.com'],
];

describe('bad input on the account doors', () => {
  it.each(badEmails)('the checkout account step refuses %j with the e-mail message and stores nothing', async (email) => {
    const before = await userCount();
    const response = await new Visitor(shop.app).post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email');
    expect(await userCount()).toBe(before);
  });

  it.each(badEmails)('password reset refuses %j with the e-mail message', async (email) => {
    const response = await new Visitor(shop.app).post('/api/password-reset', { email });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email');
  });

  it.each(['', 'x'.repeat(129), 42, null])('the checkout account step refuses the password %j', async (password) => {
    const before = await userCount();
    const response = await new Visitor(shop.app).post('/api/checkout/account', { email: uniqueEmail('pw'), password });
    expect(response.statusCode).toBe(400);
    expect(await userCount()).toBe(before);
  });

  it.each(["' OR 1=1 --", '<img src=x onerror=alert(1)>', '密码密码密码Aa1!', 'x'.repeat(5000)])(
    'sign-in with the password %j is refused, never a 500',
    async (password) => {
      const response = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email: uniqueEmail('who'), password });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    },
  );

  it('stores a name with markup as text and never runs it', async () => {
    const visitor = new Visitor(shop.app);
    await visitor.post('/api/checkout/account', { email: uniqueEmail('markup'), password: 'Sup3r-secret!' });
    const saved = await visitor.request({
      method: 'PUT',
      url: '/api/account/profile',
      payload: {
        fullName: '<script>alert(1)</script>',
        dateOfBirth: '1990-01-01',
        sex: 'female',
        state: 'CA',
        conditions: "'; DROP TABLE orders; --",
        medications: '',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.fullName).toBe('<script>alert(1)</script>');
    expect(saved.json().profile.conditions).toBe("'; DROP TABLE orders; --");
  });
});

describe('an expired reset link', () => {
  it('is refused with EXPIRED_PASSWORD_TOKEN', async () => {
    const email = uniqueEmail('late');
    await new Visitor(shop.app).post('/api/checkout/account', { email, password: 'Old-passw0rd!' });
    await new Visitor(shop.app).post('/api/password-reset', { email });
    const [mail, ...more] = await mailbox(shop, email);
    expect(more).toEqual([]);
    const token = decodeURIComponent(/new-password\?token=(\S+)/.exec(mail!.text)![1]!);
    // the link's hour has passed (the library keeps the token hashed, under the account's id)
    const [user] = await shop.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await shop.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, user!.id));
    const response = await new Visitor(shop.app).post('/api/new-password', {
      token,
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('EXPIRED_PASSWORD_TOKEN');
  });
});
