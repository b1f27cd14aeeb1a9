import { emailOutbox } from '@shop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const sent = 'Please check your email to reset your password. If you do not get an email, please try again';
const rule = 'Your password needs at least 8 characters, with a lowercase letter, an uppercase letter, a number and a symbol.';

/** The link of the latest reset e-mail, once the queue has sent it. */
async function resetTokenFor(email: string): Promise<string> {
  const token = (await mailbox(shop, email)).at(-1)?.text.match(/new-password\?token=([^\s]+)/)?.[1];
  if (!token) throw new Error(`no reset e-mail for ${email}`);
  return decodeURIComponent(token);
}

async function customer(password = 'Old-passw0rd!') {
  const visitor = new Visitor(shop.app);
  const email = uniqueEmail('reset');
  const response = await visitor.post('/api/checkout/account', { email, password });
  expect(response.statusCode).toBe(200);
  return { visitor, email };
}

describe('password reset', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { email } = await customer();
    const unknown = uniqueEmail('nobody');
    const known = await new Visitor(shop.app).post('/api/password-reset', { email });
    const other = await new Visitor(shop.app).post('/api/password-reset', { email: unknown });
    expect(known.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(known.body).toBe(other.body);
    expect(known.json()).toEqual({ message: sent });
    await resetTokenFor(email);
    expect(await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, unknown))).toEqual([]);
  });

  it('refuses an address that is not one', async () => {
    const response = await new Visitor(shop.app).post('/api/password-reset', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email');
  });

  it('sets a new password once with the token, ends every session, and refuses the token again', async () => {
    const { visitor, email } = await customer();
    expect((await visitor.get('/api/orders')).statusCode).toBe(200);
    await new Visitor(shop.app).post('/api/password-reset', { email });
    const token = await resetTokenFor(email);
    const stranger = new Visitor(shop.app);

    const mismatch = await stranger.post('/api/new-password', {
      token,
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd?',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ code: 'PASSWORD_NOT_VALID', message: 'Password and confirm password has to be the same.' });
    const weak = await stranger.post('/api/new-password', { token, password: 'password', confirmPassword: 'password' });
    expect(weak.json()).toEqual({ code: 'PASSWORD_NOT_VALID', message: rule });

    const done = await stranger.post('/api/new-password', { token, password: 'New-passw0rd!', confirmPassword: 'New-passw0rd!' });
    expect(done.statusCode).toBe(200);
    expect((await visitor.get('/api/orders')).statusCode).toBe(401);

    const again = await stranger.post('/api/new-password', {
      token,
      password: 'Other-passw0rd!',
      confirmPassword: 'Other-passw0rd!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EXPIRED_PASSWORD_TOKEN');

    const oldPassword = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: 'Old-passw0rd!' });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: 'New-passw0rd!' });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a made-up token as expired', async () => {
    const response = await new Visitor(shop.app).post('/api/new-password', {
      token: 'abcdefghijklmnopqrstuvwx',
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'EXPIRED_PASSWORD_TOKEN',
      message: 'This link has expired or was already used. Please ask for a new one.',
    });
  });
});
