import { eq, inArray, sql } from 'drizzle-orm';
import {
  accounts,
  auditLog,
  emailOutbox,
  jobs,
  labResults,
  orderItems,
  orders,
  outsideLabReports,
  payments,
  rowsOf,
  users,
  verifications,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudonymAddress } from '../src/erasure/service.ts';
import { readStoredZip } from '../src/my-data/zip.ts';
import { put } from './gift-helpers.ts';
import { reportPdf } from './handmade-pdf.ts';
import { createTestShop, customerWithCart, mailbox, staffVisitor, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';
import { labPosting, orderWithSamples, salivaResults } from './results-helpers.ts';
import { CORTISOL_TEST } from './subscription-order.ts';

// docs/decisions/0075-what-deleting-an-account-keeps.md: a member downloads their data and deletes their account.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const db = () => shop.database.db;

/** Letters no other member of this shop wrote: each member's words are their own. */
const tagOf = () => Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Words only this member wrote: none may be left anywhere once the account is deleted. */
function wordsOf(tag: string) {
  const Tag = tag[0]!.toUpperCase() + tag.slice(1);
  return {
    name: `Marguerite ${Tag}`,
    conditions: `Hashimoto thyroiditis, depression ${tag}`,
    medications: `Levothyroxine 50mcg, sertraline ${tag}`,
    message: `I take sertraline for depression and wonder about my cortisol ${tag}`,
    gift: `Happy birthday Rosalind, look after that thyroid ${tag}`,
    food: `buckwheat porridge with lingonberries ${tag}`,
    outsideLab: `Fairhaven Endocrine Lab ${Tag}`,
  };
}

async function place(visitor: Visitor, items: Record<string, unknown>[]): Promise<string> {
  for (const item of items) {
    const added = await visitor.post('/api/cart/items', item);
    expect(added.statusCode, added.body).toBe(200);
  }
  const placed = await placeOrder(visitor);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

/**
 * A member after every kind of purchase: the starter test with the Improvement Program (results in,
 * the program charged), a test subscription, Base Daily (with the food log), coaching booked, the
 * nutritional plan with an uploaded lab report, and a gift sent; with a medical profile and a
 * message to support.
 */
async function memberAfterEverything() {
  const words = wordsOf(tagOf());
  const { visitor, email, order: starter } = await orderWithSamples(shop, { program: true });
  const posted = await labPosting(shop, { orderNumber: starter.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults }).send();
  expect(posted.statusCode, posted.body).toBe(201);
  await shop.app.jobs.runDueJobs();
  const userId = (await visitor.get('/api/auth/get-session')).json().user.id as string;
  const profile = {
    fullName: words.name,
    dateOfBirth: '1990-04-12',
    sex: 'female',
    state: 'TX',
    conditions: words.conditions,
    medications: words.medications,
  };
  const saved = await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: profile });
  expect(saved.statusCode, saved.body).toBe(200);

  const subscription = await place(visitor, [{ productCode: 'base-monitor', testId: CORTISOL_TEST, frequency: 'monthly' }]);
  const daily = await place(visitor, [{ productCode: 'base-daily' }]);
  const food = await visitor.post('/api/account/daily/food-log', {
    day: new Date().toISOString().slice(0, 10),
    meal: 'breakfast',
    food: words.food,
  });
  expect(food.statusCode, food.body).toBe(201);
  const coaching = await place(visitor, [{ productCode: 'health-coach' }]);
  const coach = await staffVisitor(shop, 'coach');
  const slot = await coach.post('/api/admin/coaching/slots', { startsAt: new Date(Date.now() + 72 * 3600_000).toISOString(), minutes: 30 });
  expect(slot.statusCode, slot.body).toBe(201);
  const booked = await visitor.post('/api/account/coaching/bookings', { slotId: slot.json().id });
  expect(booked.statusCode, booked.body).toBe(201);
  const plan = await place(visitor, [{ productCode: 'nutritional-plan' }]);
  const uploaded = await visitor.request({
    method: 'POST',
    url: `/api/account/nutritional-plans/${plan}/files`,
    payload: reportPdf(),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  // a report from another lab for the health record, its values entered by staff (decision 0087)
  const outside = await visitor.request({
    method: 'POST',
    url: `/api/account/outside-reports?labName=${encodeURIComponent(words.outsideLab)}&collectedOn=2026-01-15`,
    payload: reportPdf(),
    headers: { 'content-type': 'application/pdf' },
  });
  expect(outside.statusCode, outside.body).toBe(201);
  const operator = await staffVisitor(shop, 'operator');
  const entered = await operator.post(`/api/admin/outside-reports/${outside.json().id}/results`, {
    results: [{ biomarker: 'tsh', value: 2.1, unit: 'mIU/L' }],
  });
  expect(entered.statusCode, entered.body).toBe(201);

  expect(
    (await put(visitor, '/api/cart/gift', { type: 'improvement_program', areas: ['diet', 'sleep'], complete: false })).statusCode,
  ).toBe(200);
  const form = {
    purchaserName: words.name,
    purchaserEmail: email,
    recipientName: 'Rosalind Pike',
    recipientEmail: `rosalind.${Date.now()}@example.org`,
    deliveryDate: new Date().toISOString().slice(0, 10),
    message: words.gift,
  };
  const delivery = await put(visitor, '/api/cart/gift/delivery', form);
  expect(delivery.statusCode, delivery.body).toBe(200);
  const gift = await place(visitor, []);

  const wrote = await visitor.post('/api/support/messages', { subject: 'My thyroid', body: words.message, startedAt: Date.now() - 60_000 });
  expect(wrote.statusCode, wrote.body).toBe(201);
  await shop.app.jobs.runDueJobs();
  return { visitor, email, userId, words, orderIds: [starter.id, subscription, daily, coaching, plan, gift] };
}

/** The rows a statement answers, whichever driver ran it (PGlite and node-postgres answer alike, with `rows`). */
async function select<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db().execute(query);
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

/** Every row of every table of the shop, as text, with the table it is in. */
async function everyRow(): Promise<{ table: string; row: string }[]> {
  const tables = await select<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const rows: { table: string; row: string }[] = [];
  for (const { name } of tables) {
    for (const { row } of await select<{ row: string }>(sql`select t::text as row from ${sql.identifier(name)} t`))
      rows.push({ table: name, row });
  }
  return rows;
}

async function ledger(orderIds: string[]) {
  const kept = await db().select().from(orders).where(inArray(orders.id, orderIds));
  const paid = await db().select().from(payments).where(inArray(payments.orderId, orderIds));
  return {
    totals: Object.fromEntries(kept.map((order) => [order.id, order.totalCents])),
    taxes: kept.reduce((sum, order) => sum + order.taxCents, 0),
    taken: paid.filter((payment) => payment.status === 'succeeded').reduce((sum, payment) => sum + payment.amountCents, 0),
    refunded: paid.reduce((sum, payment) => sum + payment.refundedCents, 0),
    statuses: Object.fromEntries(kept.map((order) => [order.id, order.status])),
  };
}

// a member who bought everything takes a while to make on a busy machine
const slow = 120_000;

describe('a member’s data', () => {
  it(
    'downloads as one ZIP with the results PDF, the quiz answers, the plan’s upload and who read the results; audited',
    async () => {
      const { visitor, userId, words } = await memberAfterEverything();
      const started = Date.now();
      const response = await visitor.get('/api/account/my-data.zip');
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="base-my-data-\d{4}-\d\d-\d\d\.zip"$/);
      const entries = new Map(readStoredZip(response.rawPayload).map((entry) => [entry.name, Buffer.from(entry.data)]));
      const pdf = [...entries].find(([name]) => /^results\/order-\d+\.pdf$/.test(name));
      expect(pdf?.[1].subarray(0, 5).toString()).toBe('%PDF-');
      const quiz = JSON.parse(entries.get('quiz-answers.json')!.toString());
      expect(quiz[0].answers).toMatchObject({ goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' });
      expect(JSON.parse(entries.get('profile.json')!.toString())).toMatchObject({ conditions: words.conditions });
      expect(entries.get('support.json')!.toString()).toContain(words.message);
      expect(entries.get('food-log.json')!.toString()).toContain(words.food);
      expect(entries.get('orders.json')!.toString()).toContain(words.gift);
      expect(JSON.parse(entries.get('consents.json')!.toString()).length).toBeGreaterThan(0);
      expect(JSON.parse(entries.get('coaching.json')!.toString())).toHaveLength(1);
      expect(JSON.parse(entries.get('subscriptions.json')!.toString()).length).toBeGreaterThanOrEqual(2);
      const upload = [...entries].find(([name]) => /^plans\/order-\d+-upload-1\.pdf$/.test(name));
      expect(upload?.[1].subarray(0, 5).toString()).toBe('%PDF-');
      const reads = JSON.parse(entries.get('results-reads.json')!.toString()) as { by: string }[];
      expect(reads.some((read) => read.by === 'you')).toBe(true);

      const [line] = await db().select().from(auditLog).where(eq(auditLog.action, 'account.export'));
      expect(line).toMatchObject({ actorId: userId, subjectId: userId });
      expect(JSON.stringify(line)).not.toContain(words.conditions);
      // a stranger is asked to sign in
      expect((await new Visitor(shop.app).get('/api/account/my-data.zip')).statusCode).toBe(401);
    },
    slow,
  );

  it(
    'is deleted with the account: nothing names the member but the kept accounting, which still adds up',
    async () => {
      const { visitor, email, userId, words, orderIds } = await memberAfterEverything();
      const before = await ledger(orderIds);
      // the scan below can fail: before the deletion it finds the address
      expect((await everyRow()).filter(({ row }) => row.includes(email)).length).toBeGreaterThan(5);
      expect((await visitor.post('/api/account/delete', { password: 'wrong-password' })).json().code).toBe('PASSWORD_WRONG');
      expect((await visitor.post('/api/account/delete', {})).statusCode).toBe(400);

      const deleted = await visitor.post('/api/account/delete', { password: 'Sup3r-secret!' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      // orders not yet shipped were cancelled and refunded through the member's own cancel
      expect(deleted.json().cancelledOrders.length).toBeGreaterThan(0);
      expect((await visitor.get('/api/auth/get-session')).json()).toBeNull();

      const confirmation = await mailbox(shop, email);
      expect(confirmation.map((mail) => mail.subject)).toEqual(['Your Base account is deleted']);

      const after = await ledger(orderIds);
      // every order stays, with its total and tax; what was taken and given back adds up as before, plus the refunds
      expect(after.totals).toEqual(before.totals);
      expect(after.taxes).toBe(before.taxes);
      expect(after.taken).toBe(before.taken);
      const cancelled = Object.entries(after.statuses).filter(([, status]) => status === 'refunded');
      expect(cancelled.length).toBe(deleted.json().cancelledOrders.length);
      expect(after.refunded - before.refunded).toBe(cancelled.reduce((sum, [id]) => sum + after.totals[id]!, 0));
      const kept = await db().select().from(orders).where(inArray(orders.id, orderIds));
      expect(new Set(kept.map((order) => order.email))).toEqual(new Set([pseudonymAddress(userId)]));
      // each kept line says only its product code, sealed like every title: it opens, and the raw column holds no clear code
      const lines = await db().select().from(orderItems).where(inArray(orderItems.orderId, orderIds));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.title).toBe(line.productCode);
      const stored = await rowsOf<{ sealed: string }>(
        db(),
        sql`select title_sealed as sealed from order_items where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      for (const row of stored) expect(lines.map((line) => line.productCode)).not.toContain(row.sealed);

      // the confirmation just sent is the one row that still holds the address (the outbox's and its job's)
      const notice = (row: string) => row.includes('account-deleted');
      const rows = (await everyRow()).filter(({ row }) => !notice(row));
      const naming = rows.filter(({ row }) => row.toLowerCase().includes(email.toLowerCase()));
      expect(naming.map(({ table }) => table)).toEqual([]);
      for (const written of Object.values(words)) {
        expect(
          rows.filter(({ row }) => row.includes(written)).map(({ table }) => table),
          written,
        ).toEqual([]);
      }
      // the outside report and its result set went with the account, not only their words
      expect(await db().select().from(outsideLabReports).where(eq(outsideLabReports.userId, userId))).toEqual([]);
      expect(await db().select().from(labResults).where(eq(labResults.userId, userId))).toEqual([]);
      const [tombstone] = await db().select().from(users).where(eq(users.id, userId));
      expect(tombstone).toMatchObject({ email: pseudonymAddress(userId), name: 'Deleted member' });
      expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1);
      const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'account.erase'));
      expect(audit).toHaveLength(1);
      expect(audit[0]!.detail).toMatchObject({ reason: 'member_request', orders: orderIds.length });
      expect(
        await db()
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}::text like ${`%${email}%`}`),
      ).toHaveLength(1);
      // last, as its attempt is counted under the address it tries: signing in again fails
      const signIn = await new Visitor(shop.app).post('/api/auth/sign-in/email', { email, password: 'Sup3r-secret!' });
      expect(signIn.statusCode).toBe(401);
    },
    slow,
  );

  it('is refused while a kit is on its way, saying which order, and nothing is deleted', async () => {
    const { visitor, order } = await orderWithSamples(shop, { kitStatus: 'shipped' });
    await db().update(orders).set({ status: 'kit_shipped' }).where(eq(orders.id, order.id));
    const refused = await visitor.post('/api/account/delete', { password: 'Sup3r-secret!' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_HAS_ORDERS_IN_PROGRESS' });
    expect(refused.json().message).toContain(`#${order.number}`);
    expect((await visitor.get('/api/auth/get-session')).json()).not.toBeNull();
  });

  it('e-mails an account without a password a link that deletes it, only for that account, once and not after it expires', async () => {
    const email = uniqueEmail('no-password');
    const member = await customerWithCart(shop.app, email);
    const placed = await placeOrder(member);
    expect(placed.statusCode, placed.body).toBe(201);
    const userId = (await member.get('/api/auth/get-session')).json().user.id as string;
    // as an account made by Google sign-in: no password to type
    await db()
      .update(accounts)
      .set({ providerId: 'google', accountId: `google-${userId}`, password: null })
      .where(eq(accounts.userId, userId));
    expect((await member.get('/api/account/deletion')).json()).toEqual({ confirmBy: 'email' });

    const asked = await member.post('/api/account/delete', {});
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().message).toContain('e-mailed you a link');
    const [mail] = (await mailbox(shop, email)).filter((message) => message.subject === 'Confirm deleting your Base account');
    const link = /(http:\/\/shop\.test\/account\/delete-confirm\?token=[\w%-]+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);
    // only its hash is kept, and the outbox keeps the link sealed
    const kept = await rowsOf<{ row: string }>(db(), sql`select t::text as row from verifications t`);
    expect(kept.some((row) => row.row.includes(token))).toBe(false);
    const outbox = await rowsOf<{ row: string }>(db(), sql`select t::text as row from email_outbox t`);
    expect(outbox.some((row) => row.row.includes(token))).toBe(false);

    // another member cannot use it, a made-up or an expired one deletes nothing
    const other = await customerWithCart(shop.app);
    expect((await other.post('/api/account/delete/confirm', { token })).json().code).toBe('DELETION_LINK_INVALID');
    expect((await member.post('/api/account/delete/confirm', { token: 'made-up' })).json().code).toBe('DELETION_LINK_INVALID');
    const expire = (at: Date) => db().update(verifications).set({ expiresAt: at }).where(eq(verifications.value, userId));
    await expire(new Date(Date.now() - 1000));
    expect((await member.post('/api/account/delete/confirm', { token })).json().code).toBe('DELETION_LINK_INVALID');
    await expire(new Date(Date.now() + 10 * 60 * 1000));
    expect((await db().select().from(users).where(eq(users.id, userId)))[0]?.email).toBe(email);

    const deleted = await member.post('/api/account/delete/confirm', { token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // the same deletion as with a password: the order not shipped cancelled and refunded, the account erased and told
    expect(deleted.json().cancelledOrders).toEqual([placed.json().order.number]);
    const [pseudonym] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
    expect(pseudonym?.email).toBe(pseudonymAddress(userId));
    expect(await db().select().from(verifications).where(eq(verifications.value, userId))).toEqual([]);
    const [erased] = await db().select({ detail: auditLog.detail }).from(auditLog).where(eq(auditLog.subjectId, userId));
    expect(erased?.detail).toMatchObject({ reason: 'member_request' });
    expect((await mailbox(shop, email)).map((message) => message.subject)).toContain('Your Base account is deleted');
    // spent with the account: the link deletes nothing twice
    expect((await member.post('/api/account/delete/confirm', { token })).statusCode).toBe(401);
  });
});
