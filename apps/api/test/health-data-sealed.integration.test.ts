import { execFileSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { dayOf, kits } from '@shop/core';
import {
  orderEvents,
  orderItems,
  orderKits,
  orders,
  providerOrders,
  rowsOf,
  sealColumnsInClear,
  subscriptions,
  textOutbox,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultAnswers, createTestShop, quizConsent, staffVisitor, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';
import { salivaResults } from './results-helpers.ts';

/** What the member wrote, each word rare enough not to turn up by chance in a ciphertext or in the catalog. */
const written = {
  // the quiz asks with choices and a date: its date of birth is the member's own words there
  dateOfBirth: '1983-07-29',
  conditions: 'Hashimoto thyroiditis, depression',
  medications: 'Levothyroxine 50mcg, sertraline',
  support: 'I take sertraline for my Hashimoto thyroiditis; is the Quokkaesque test right for me?',
  food: 'Marmitebrot with Zwetschgenkuchen',
};
/** What the kit of the member's order is called: it names the tests it carries. */
const kitTitle = kits.find((kit) => kit.slug === 'daily-rhythm-saliva')!.name;
const words = [
  written.dateOfBirth,
  kitTitle,
  'Quokkaesque',
  'Hashimoto',
  'thyroiditis',
  'sertraline',
  'Levothyroxine',
  'Marmitebrot',
  'Zwetschgenkuchen',
];

/** Every row of every table of the shop's schema, as text: what a copy of the database shows. */
async function dumpOf(shop: TestShop): Promise<string> {
  if (shop.url) return execFileSync('pg_dump', ['--data-only', shop.url], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const tables = await rowsOf<{ name: string }>(
    shop.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await rowsOf<{ row: string }>(shop.database.db, sql`select t::text as row from ${sql.identifier(name)} t`);
    parts.push(name, ...rows.map((row) => row.row));
  }
  return parts.join('\n');
}

describe('health data sealed at rest (decision 0072)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('leaves none of the words a member wrote in a copy of the database, and shows them all to the member', async () => {
    const member = new Visitor(shop.app);
    const quiz = await member.post('/api/quiz-results', {
      variant: 'quiz',
      answers: { ...adultAnswers, dateOfBirth: written.dateOfBirth },
      consent: quizConsent,
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    expect((await member.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id })).statusCode).toBe(200);
    expect((await member.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    const account = await member.post('/api/checkout/account', { email: uniqueEmail('sealed'), password: 'Sup3r-secret!' });
    expect(account.statusCode, account.body).toBe(200);
    const placed = await placeOrder(member);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    const collection = { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' };
    expect((await member.post(`/api/orders/${orderId}/collection`, collection)).statusCode).toBe(200);

    const profile = {
      fullName: 'Ann Lee',
      dateOfBirth: written.dateOfBirth,
      sex: 'female',
      state: 'TX',
      conditions: written.conditions,
      medications: written.medications,
    };
    const saved = await member.request({ method: 'PUT', url: '/api/account/profile', payload: profile });
    expect(saved.statusCode, saved.body).toBe(200);

    const message = {
      name: 'Ann Lee',
      email: 'ann@example.test',
      subject: 'A question',
      body: written.support,
      website: '',
      startedAt: Date.now() - 60_000,
    };
    const sent = await member.post('/api/support/messages', message);
    expect(sent.statusCode, sent.body).toBeLessThan(300);

    const logged = await member.post('/api/account/daily/food-log', { day: dayOf(new Date()), meal: 'breakfast', food: written.food });
    expect(logged.statusCode, logged.body).toBe(201);

    // the samples reach the lab (as the console's kit track leaves them) and a clinician enters the results
    const db = shop.database.db;
    await db.update(orders).set({ status: 'sample_received' }).where(eq(orders.id, orderId));
    await db.delete(orderKits).where(eq(orderKits.orderId, orderId));
    await db
      .insert(orderKits)
      .values({ orderId, kitSlug: 'daily-rhythm-saliva', title: kitTitle, status: 'sample_received', sampleReceivedAt: new Date() });
    const clinician = await staffVisitor(shop, 'clinician');
    const entered = await clinician.post(`/api/admin/orders/${orderId}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBe(201);

    // the member reads back what they wrote
    expect((await member.get('/api/account/profile')).json().profile).toEqual(profile);
    expect(JSON.stringify((await member.get('/api/account/daily/food-log')).json())).toContain(written.food);
    const [item] = await db
      .select({ title: orderItems.title, code: orderItems.productCode })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(item).toMatchObject({ code: 'base-quiz', title: expect.stringContaining('Cortisol') });

    const messages = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from support_messages`);
    expect(messages[0]?.count).toBeGreaterThan(0);

    const dump = await dumpOf(shop);
    expect(dump).toContain(orderId);
    for (const word of words) expect(dump, word).not.toContain(word);
    // the order's items keep their product code in clear, and what they say about the tests sealed
    const stored = await rowsOf<{ title: string | null; sealed: string }>(
      db,
      sql`select title, title_sealed as sealed from order_items where order_id = ${orderId}`,
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.title).toBeNull();
      expect(row.sealed).not.toContain('Cortisol');
    }
    // and so does its kit, beside its clear slug; the member's results still name it
    const kitRows = await rowsOf<{ title: string | null; sealed: string; slug: string }>(
      db,
      sql`select title, title_sealed as sealed, kit_slug as slug from order_kits where order_id = ${orderId}`,
    );
    expect(kitRows).toEqual([{ title: null, sealed: expect.any(String), slug: 'daily-rhythm-saliva' }]);
    expect(kitRows[0]?.sealed).not.toContain('saliva');
    const results = await member.get(`/api/orders/${orderId}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.body).toContain(kitTitle);
    // the kit's step in the order's timeline names it too: sealed beside its clear event, shown to the member
    const steps = await rowsOf<{ reason: string | null; sealed: string }>(
      db,
      sql`select reason, reason_sealed as sealed from order_events where order_id = ${orderId} and event = 'kit_results_ready'`,
    );
    expect(steps).toEqual([{ reason: null, sealed: expect.any(String) }]);
    const seen = await member.get(`/api/orders/${orderId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().timeline).toContainEqual(expect.objectContaining({ reason: `${kitTitle}: results ready` }));
  });

  it("seals the tests of a clinic's pay link, which the client and the clinic read", async () => {
    const { newClinic, addClient, sendOrder, payLinkOf } = payLinkHelpers(() => shop);
    const { admin } = await newClinic();
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id, ['test-1']);
    const stored = await rowsOf<{ items: unknown; sealed: string }>(
      shop.database.db,
      sql`select items, items_sealed as sealed from provider_orders where id = ${sent.id}`,
    );
    expect(stored).toEqual([{ items: null, sealed: expect.any(String) }]);
    expect(stored[0]?.sealed).not.toMatch(/Cholesterol|test-1|cholesterol/);
    const opened = await new Visitor(shop.app).post('/api/pay-links/open', { token: await payLinkOf(client.email) });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().items).toEqual([{ title: 'Cholesterol & Lipids Test', price: '$79.95' }]);
    const seen = await admin.get(`/api/providers/orders?clientId=${client.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(JSON.stringify(seen.json())).toContain('Cholesterol & Lipids Test');
  });

  it("seals a kit's title, a pay link's tests and a timeline's step written in clear before migration 0057, once", async () => {
    const db = shop.database.db;
    const [kit] = await rowsOf<{ id: string }>(db, sql`select id::text as id from order_kits limit 1`);
    const [payLink] = await rowsOf<{ id: string }>(db, sql`select id::text as id from provider_orders limit 1`);
    const [step] = await rowsOf<{ id: string }>(db, sql`select id::text as id from order_events where reason_sealed is not null limit 1`);
    expect(kit && payLink && step).toBeTruthy();
    const items = [{ key: 'test-1', productCode: 'base-quiz', testId: 1, title: 'Quokkaesque Lipids Test', priceCents: 7995 }];
    await db.execute(sql`update order_kits set title = 'Quokkaesque saliva kit', title_sealed = null where id::text = ${kit!.id}`);
    await db.execute(
      sql`update provider_orders set items = ${JSON.stringify(items)}::jsonb, items_sealed = null where id::text = ${payLink!.id}`,
    );
    await db.execute(
      sql`update order_events set reason = 'Quokkaesque saliva kit: shipped', reason_sealed = null where id::text = ${step!.id}`,
    );
    expect(await sealColumnsInClear(db, shop.app.results.cipher)).toBe(3);
    expect(await sealColumnsInClear(db, shop.app.results.cipher)).toBe(0);
    const storedKit = await rowsOf<{ title: string | null; sealed: string }>(
      db,
      sql`select title, title_sealed as sealed from order_kits where id::text = ${kit!.id}`,
    );
    const storedLink = await rowsOf<{ items: unknown; sealed: string }>(
      db,
      sql`select items, items_sealed as sealed from provider_orders where id::text = ${payLink!.id}`,
    );
    expect(storedKit).toEqual([{ title: null, sealed: expect.any(String) }]);
    expect(storedLink).toEqual([{ items: null, sealed: expect.any(String) }]);
    expect(`${storedKit[0]?.sealed} ${storedLink[0]?.sealed}`).not.toContain('Quokkaesque');
    const [openedKit] = await db
      .select({ title: orderKits.title })
      .from(orderKits)
      .where(sql`${orderKits.id}::text = ${kit!.id}`);
    const [openedLink] = await db
      .select({ items: providerOrders.items })
      .from(providerOrders)
      .where(sql`${providerOrders.id}::text = ${payLink!.id}`);
    expect(openedKit?.title).toBe('Quokkaesque saliva kit');
    expect(openedLink?.items).toEqual(items);
    const storedStep = await rowsOf<{ reason: string | null; sealed: string }>(
      db,
      sql`select reason, reason_sealed as sealed from order_events where id::text = ${step!.id}`,
    );
    expect(storedStep).toEqual([{ reason: null, sealed: expect.any(String) }]);
    expect(storedStep[0]?.sealed).not.toContain('Quokkaesque');
    const [openedStep] = await db
      .select({ reason: orderEvents.reason })
      .from(orderEvents)
      .where(sql`${orderEvents.id}::text = ${step!.id}`);
    expect(openedStep?.reason).toBe('Quokkaesque saliva kit: shipped');
  });

  it('seals what a test subscription says about its test, as its order line is sealed, and the member reads it', async () => {
    const subscriber = new Visitor(shop.app);
    expect((await subscriber.post('/api/cart/items', { productCode: 'base-monitor', testId: 53, frequency: 'monthly' })).statusCode).toBe(
      200,
    );
    expect((await subscriber.post('/api/checkout/account', { email: uniqueEmail('sealed'), password: 'Sup3r-secret!' })).statusCode).toBe(
      200,
    );
    const placed = await placeOrder(subscriber);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    const stored = await rowsOf<{ title: string | null; sealed: string | null; code: string }>(
      shop.database.db,
      sql`select title, title_sealed as sealed, product_code as code from subscriptions where order_id = ${orderId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ title: null, code: 'base-monitor' });
    expect(stored[0]?.sealed).not.toContain('Cortisol');
    const [subscription] = await shop.database.db
      .select({ title: subscriptions.title })
      .from(subscriptions)
      .where(eq(subscriptions.orderId, orderId));
    expect(subscription?.title).toContain('Cortisol');
  });

  it('seals a subscription title written in clear before migration 0056, once', async () => {
    const db = shop.database.db;
    const [row] = await rowsOf<{ id: string }>(db, sql`select id::text as id from subscriptions limit 1`);
    expect(row).toBeDefined();
    await db.execute(sql`update subscriptions set title = 'Quokkaesque Monitor', title_sealed = null where id::text = ${row!.id}`);
    expect(await sealColumnsInClear(db, shop.app.results.cipher)).toBe(1);
    const [stored] = await rowsOf<{ title: string | null; sealed: string }>(
      db,
      sql`select title, title_sealed as sealed from subscriptions where id::text = ${row!.id}`,
    );
    expect(stored?.title).toBeNull();
    expect(stored?.sealed).not.toContain('Quokkaesque');
    const [opened] = await db
      .select({ title: subscriptions.title })
      .from(subscriptions)
      .where(sql`${subscriptions.id}::text = ${row!.id}`);
    expect(opened?.title).toBe('Quokkaesque Monitor');
  });

  it('seals a value written in clear before migration 0052, once, and reads it back', async () => {
    const db = shop.database.db;
    await db.execute(sql`insert into text_outbox (to_number, template, body, status, dedupe_key)
      values ('+15125550100', 'callback', 'Call about your Quokkaesque thyroid', 'stored', 'before-0052')`);
    expect(await sealColumnsInClear(db, shop.app.results.cipher)).toBe(1);
    expect(await sealColumnsInClear(db, shop.app.results.cipher)).toBe(0);
    const [stored] = await rowsOf<{ body: string | null; sealed: string }>(
      db,
      sql`select body, body_sealed as sealed from text_outbox where dedupe_key = 'before-0052'`,
    );
    expect(stored?.body).toBeNull();
    expect(stored?.sealed).not.toContain('Quokkaesque');
    const [text] = await db.select({ body: textOutbox.body }).from(textOutbox).where(eq(textOutbox.dedupeKey, 'before-0052'));
    expect(text?.body).toBe('Call about your Quokkaesque thyroid');
  });
});
