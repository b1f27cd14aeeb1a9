import { readFileSync } from 'node:fs';
import { emailOutbox, jobs, migrationsFolder, users, verifications } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../src/email/queue.ts';
import { createSecretSealer } from '../src/email/sealed-secrets.ts';
import { passwordResetEmail } from '../src/email/templates.ts';
import { createTestShop, mailbox, productionEnv, staffVisitor, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

/** A customer who asked for a reset link, and the link's token as their mailbox shows it. */
async function customerWithResetLink(shop: TestShop) {
  const email = uniqueEmail('victim');
  const customer = new Visitor(shop.app);
  expect((await customer.post('/api/checkout/account', { email, password: 'Old-passw0rd!' })).statusCode).toBe(200);
  expect((await new Visitor(shop.app).post('/api/password-reset', { email })).statusCode).toBe(200);
  const [mail, ...more] = await mailbox(shop, email);
  expect(more).toEqual([]);
  const token = decodeURIComponent(/new-password\?token=(\S+)/.exec(mail!.text)![1]!);
  const [user] = await shop.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { email, token, userId: user!.id };
}

describe('secrets at rest, outside production', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('keeps a reset link sealed in the outbox, and shows it to the local developer only', async () => {
    const { email, token } = await customerWithResetLink(shop);
    const rows = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ template: 'password-reset', sealed: expect.stringMatching(/^v1\./) });
    expect(rows[0]!.text).toContain('Choose a new password: [hidden 1]');
    expect(JSON.stringify(rows)).not.toContain(token);
    // nor does the sign-in library's own record of it
    const pending = await shop.database.db.select().from(verifications);
    expect(pending.length).toBeGreaterThan(0);
    expect(JSON.stringify(pending)).not.toContain(token);

    // a developer on their own machine reads the link in the console, as an operator
    const operator = await staffVisitor(shop, 'operator');
    const outbox = await operator.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().emails[0].text).toContain(`/new-password?token=${token}`);

    // and the link works once
    const reset = await new Visitor(shop.app).post('/api/new-password', {
      token,
      password: 'New-passw0rd!',
      confirmPassword: 'New-passw0rd!',
    });
    expect(reset.statusCode).toBe(200);
  });

  it('lists an e-mail sealed under another key (AUTH_SECRET changed since) with its secrets hidden, instead of failing the outbox', async () => {
    const { email, token } = await customerWithResetLink(shop);
    const other = createSecretSealer('a secret this shop never had').seal(
      passwordResetEmail(email, `http://x/new-password?token=${token}`, 60),
    );
    await shop.database.db.update(emailOutbox).set({ sealed: other.sealed }).where(eq(emailOutbox.toAddress, email));
    const operator = await staffVisitor(shop, 'operator');
    const outbox = await operator.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.statusCode).toBe(200);
    expect(outbox.json().emails[0].text).toContain('Choose a new password: [hidden 1]');
    expect(outbox.body).not.toContain(token);
  });

  it('never lets support read another person’s reset link, by any route', async () => {
    const { email, token, userId } = await customerWithResetLink(shop);
    const support = await staffVisitor(shop, 'support');
    const document = shop.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(document.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => path);
    expect(gets.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const template of gets) {
      const path = template.replace(/\{(\w+)\}/g, () => userId);
      for (const query of [
        '',
        `?to=${encodeURIComponent(email)}`,
        `?q=${encodeURIComponent(email)}`,
        `?email=${encodeURIComponent(email)}`,
      ]) {
        const response = await support.get(`${path}${query}`);
        expect(response.statusCode, `${path}${query}`).toBeLessThan(500);
        if (response.body.includes(token)) seen.push(`${path}${query}`);
      }
    }
    expect(seen).toEqual([]);
    expect((await support.get('/api/admin/outbox')).statusCode).toBe(403);
  });

  it('refuses to queue an e-mail whose secrets are not sealed', async () => {
    const message = passwordResetEmail('x@example.com', 'http://localhost:3000/new-password?token=abc', 60);
    await expect(enqueueEmail(shop.database.db, message)).rejects.toThrow(
      'the password-reset e-mail carries secrets: seal them before queueing it',
    );
  });
});

describe('secrets at rest, in production', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: productionEnv });
  });
  afterAll(() => shop.close());

  it('shows the team where a reset link stood, never the link', async () => {
    const { email, token } = await customerWithResetLink(shop);
    const operator = await staffVisitor(shop, 'operator');
    const outbox = await operator.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.statusCode).toBe(200);
    const [mail] = outbox.json().emails;
    expect(mail).toMatchObject({ template: 'password-reset', subject: 'Reset your Base password' });
    expect(mail.text).toContain('Choose a new password: [hidden 1]');
    expect(outbox.body).not.toContain(token);
  });
});

describe('the migration that scrubbed what was stored before', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  // its UPDATE statements, run again on rows written the way the shop wrote them before
  const scrub = readFileSync(`${migrationsFolder}/0013_email_secrets_at_rest.sql`, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.startsWith('UPDATE'));

  it('removes reset tokens and gift codes from old outbox rows and finished e-mail jobs', async () => {
    const db = shop.database.db;
    const reset = 'Choose a new password: http://localhost:3000/new-password?token=OldToken123abc\n\n— The Base team';
    const gift =
      'Your gift code: ABCD-0123-EFGH-4567\n\nRedeem your gift: http://localhost:3000/checkout-gift-receiver?code=ABCD-0123-EFGH-4567';
    await db.insert(emailOutbox).values([
      {
        toAddress: 'old-reset@example.com',
        subject: 'Reset your Base password',
        text: reset,
        html: `<a href="http://localhost:3000/new-password?token=OldToken123abc">`,
        status: 'stored',
      },
      {
        toAddress: 'old-gift@example.com',
        subject: 'A gift',
        text: gift,
        html: `<p>Your gift code: ABCD-0123-EFGH-4567</p>`,
        status: 'stored',
      },
      {
        toAddress: 'old-receipt@example.com',
        subject: 'Your Base receipt',
        text: 'Total: $79.95',
        html: '<p>Total: $79.95</p>',
        status: 'stored',
      },
    ]);
    const [done] = await db
      .insert(jobs)
      .values({ name: 'email.send', status: 'done', payload: { to: 'old-gift@example.com', subject: 'A gift', text: gift, html: '' } })
      .returning();
    const [queued] = await db
      .insert(jobs)
      .values({
        name: 'email.send',
        status: 'queued',
        runAt: new Date(Date.now() + 3_600_000),
        payload: { to: 'later@example.com', subject: 'Later', text: 'Total: $1', html: '' },
      })
      .returning();

    expect(scrub).toHaveLength(2);
    for (const statement of scrub) await db.execute(sql.raw(statement));

    const stored = await db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.toAddress} like 'old-%'`);
    const all = JSON.stringify(stored);
    expect(all).not.toContain('OldToken123abc');
    expect(all).not.toContain('ABCD-0123-EFGH-4567');
    expect(stored.find((row) => row.toAddress === 'old-reset@example.com')!.text).toContain('/new-password?token=[removed]');
    expect(stored.find((row) => row.toAddress === 'old-gift@example.com')!.text).toContain('Your gift code: [removed]');
    expect(stored.find((row) => row.toAddress === 'old-receipt@example.com')!.text).toBe('Total: $79.95');
    const [doneAfter] = await db.select().from(jobs).where(eq(jobs.id, done!.id));
    expect(doneAfter!.payload).toEqual({ to: 'old-gift@example.com', subject: 'A gift' });
    const [queuedAfter] = await db.select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(queuedAfter!.payload).toMatchObject({ text: 'Total: $1' });
    await db.delete(jobs).where(eq(jobs.id, queued!.id));
  });
});
