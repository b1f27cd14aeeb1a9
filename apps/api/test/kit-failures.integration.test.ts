import { and, eq } from 'drizzle-orm';
import { domainEvents, kitFailures, orderKits, orders, payments } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { signLabRequest } from '../src/results/lab-signature.ts';
import {
  createTestShop,
  customerWithCart,
  mailbox,
  staffVisitor,
  uniqueEmail,
  type Visitor,
  type TestShop,
  placeOrder,
} from './helpers.ts';

let shop: TestShop;
let operator: Visitor;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  operator = await staffVisitor(shop, 'operator');
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

const KIT = 'daily-rhythm-saliva';
const DAY = 24 * 3600 * 1000;
const home = { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' };
const profile = { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' };
const db = () => shop.database.db;

/** An order paid, approved and its kit shipped through the shop's own API, as the console does it. */
async function shippedOrder() {
  const email = uniqueEmail('kit');
  const customer = await customerWithCart(shop.app, email);
  const placed = await placeOrder(customer);
  expect(placed.statusCode, placed.body).toBe(201);
  const id: string = placed.json().order.id;
  const number: number = placed.json().order.number;
  expect((await customer.post(`/api/orders/${id}/collection`, home)).statusCode).toBe(200);
  expect((await customer.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
  expect((await clinician.post(`/api/admin/orders/${id}/approve`, {})).statusCode).toBe(200);
  await ship(id);
  return { customer, email, id, number };
}

async function ship(id: string) {
  const shipped = await operator.post(`/api/admin/orders/${id}/kits/${KIT}/ship`, { trackingNumber: '1Z999AA10123456784' });
  expect(shipped.statusCode, shipped.body).toBe(200);
}

async function kitOf(id: string) {
  const [kit] = await db().select().from(orderKits).where(eq(orderKits.orderId, id));
  return kit!;
}

/** The kit registered by its code and its sample received: what the lab then tests. */
async function sampleIn(order: { customer: Visitor; id: string }) {
  const registered = await order.customer.post(`/api/orders/${order.id}/kits/register`, { code: (await kitOf(order.id)).code });
  expect(registered.statusCode, registered.body).toBe(200);
  const received = await operator.post(`/api/admin/orders/${order.id}/kits/${KIT}/sample-received`, {});
  expect(received.statusCode, received.body).toBe(200);
}

/** The partner lab's signed rejection, as its HTTP client sends it. */
function labRejects(body: unknown, timestamp = Math.floor(Date.now() / 1000)) {
  const raw = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    'x-lab-timestamp': String(timestamp),
    'x-lab-signature': signLabRequest(shop.app.results.labSecret!, timestamp, raw),
  };
  return shop.app.inject({ method: 'POST', url: '/api/labs/samples/rejections', payload: raw, headers });
}

const eventsOf = async (orderId: string, type: string) =>
  (await db().select().from(domainEvents).where(eq(domainEvents.type, type))).filter((event) => event.subjectId === orderId);

async function runWatch(now = new Date()) {
  await enqueue(db(), { name: 'kits.watch', payload: {}, runAt: now, singletonKey: `kits.watch:test:${crypto.randomUUID()}` });
  await shop.app.jobs.runDueJobs({ now });
}

describe('a sample the lab rejects', () => {
  it('is replaced once at no charge, shipped as any kit, then goes to a clinician', async () => {
    const order = await shippedOrder();
    await sampleIn(order);
    const firstCode = (await kitOf(order.id)).code;

    const rejected = await labRejects({ orderNumber: order.number, kitSlug: KIT, reason: 'insufficient_sample', note: 'QNS 120 µL' });
    expect(rejected.statusCode, rejected.body).toBe(201);
    expect(rejected.json()).toMatchObject({
      outcome: 'replacement',
      order: { status: 'kit_preparing' },
      kit: { status: 'preparing' },
    });
    const kit = await kitOf(order.id);
    expect([kit.replacements, kit.lastFailure, kit.registeredAt, kit.trackingNumber]).toEqual([1, 'insufficient_sample', null, null]);
    expect(kit.code).not.toBe(firstCode);

    // the member's order page says so in words, and so does the e-mail
    const mine = (await order.customer.get(`/api/orders/${order.id}`)).json();
    expect(mine.kits[0].notice).toBe(
      'The lab could not test your first sample: there was too little blood in the tube to test. A new kit is on its way at no charge: we e-mail you its tracking number when it ships.',
    );
    expect(mine.timeline.slice(-2).map((step: { event: string; reason: string | null }) => [step.event, step.reason])).toEqual([
      [
        'kit_sample_rejected',
        'Daily rhythm saliva kit: the lab could not test the sample (there was too little blood in the tube to test)',
      ],
      ['kit_replaced', 'Daily rhythm saliva kit: a new kit is on its way at no charge'],
    ]);
    const mails = (await mailbox(shop, order.email)).filter((mail) => mail.template === 'replacement-kit');
    expect(mails.map((mail) => mail.subject)).toEqual(['A new kit is on its way, at no charge']);
    expect(mails[0]!.text).toContain('too little blood');

    // the replacement ships like any kit, is registered by its new code, and its sample fails too
    await ship(order.id);
    const old = await order.customer.post(`/api/orders/${order.id}/kits/register`, { code: firstCode });
    expect([old.statusCode, old.json().code]).toEqual([400, 'KIT_CODE_UNKNOWN']);
    await sampleIn(order);
    const again = await operator.post(`/api/admin/orders/${order.id}/kits/${KIT}/reject-sample`, { reason: 'haemolysed' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ outcome: 'clinician', kit: { status: 'sample_rejected' }, order: { status: 'sample_received' } });
    expect((await kitOf(order.id)).replacements).toBe(1);
    const clinicianMails = (await mailbox(shop, order.email)).filter((mail) => mail.template === 'sample-clinician');
    expect(clinicianMails).toHaveLength(1);
    expect((await order.customer.get(`/api/orders/${order.id}`)).json().kits[0].notice).toContain('A clinician will contact you');

    // the clinician's task, in the console, until a clinician sends another kit
    const tasks = (await clinician.get('/api/admin/kit-tasks'))
      .json()
      .tasks.filter((task: { orderId: string }) => task.orderId === order.id);
    expect(tasks).toMatchObject([{ kind: 'rejected', orderNumber: order.number, kitSlug: KIT }]);
    expect(tasks[0].cause).toContain('blood cells broke down');
    expect((await operator.post(`/api/admin/kit-tasks/${tasks[0].id}/replace`, {})).statusCode).toBe(403);
    const resolved = await clinician.post(`/api/admin/kit-tasks/${tasks[0].id}/replace`, { note: 'Called: prefers another kit' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await clinician.post(`/api/admin/kit-tasks/${tasks[0].id}/replace`, {})).statusCode).toBe(409);
    expect(await kitOf(order.id)).toMatchObject({ status: 'preparing', replacements: 2 });
    expect((await eventsOf(order.id, 'kit.replaced')).length).toBe(2);
  });

  it('answers bad requests with a clear 4xx and moves nothing', async () => {
    const order = await shippedOrder();
    const unknown = await labRejects({ orderNumber: order.number, kitSlug: KIT, reason: 'spilled' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, expect.stringContaining('reason must be one of')]);
    const unsigned = await shop.app.inject({
      method: 'POST',
      url: '/api/labs/samples/rejections',
      payload: JSON.stringify({ orderNumber: order.number, kitSlug: KIT, reason: 'too_old' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    // the kit is on its way: there is no sample to reject
    const early = await labRejects({ orderNumber: order.number, kitSlug: KIT, reason: 'too_old' });
    expect([early.statusCode, early.json().code]).toEqual([409, 'KIT_STATE']);
    const missing = await labRejects({ orderNumber: 99_999_999, kitSlug: KIT, reason: 'too_old' });
    expect(missing.statusCode).toBe(404);
    expect((await order.customer.post(`/api/admin/orders/${order.id}/kits/${KIT}/reject-sample`, { reason: 'too_old' })).statusCode).toBe(
      403,
    );
    expect(await db().select().from(kitFailures).where(eq(kitFailures.orderId, order.id))).toEqual([]);
  });

  it('makes one replacement when two rejections arrive at once', async () => {
    const order = await shippedOrder();
    await sampleIn(order);
    const now = Math.floor(Date.now() / 1000);
    const answers = await Promise.all([
      labRejects({ orderNumber: order.number, kitSlug: KIT, reason: 'insufficient_sample' }, now),
      labRejects({ orderNumber: order.number, kitSlug: KIT, reason: 'insufficient_sample' }, now - 1),
      operator.post(`/api/admin/orders/${order.id}/kits/${KIT}/reject-sample`, { reason: 'mismatched_id' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await kitOf(order.id)).toMatchObject({ status: 'preparing', replacements: 1 });
    expect((await eventsOf(order.id, 'kit.replaced')).length).toBe(1);
    expect(await db().select().from(kitFailures).where(eq(kitFailures.orderId, order.id))).toHaveLength(1);
    expect((await mailbox(shop, order.email)).filter((mail) => mail.template === 'replacement-kit')).toHaveLength(1);
  });
});

describe('a kit lost on its way', () => {
  it('is asked after at 10 days, replaced at 14, and refunded when lost again', async () => {
    const order = await shippedOrder();
    const back = (days: number) =>
      db()
        .update(orderKits)
        .set({ shippedAt: new Date(Date.now() - days * DAY) })
        .where(eq(orderKits.orderId, order.id));
    await back(10);
    await runWatch();
    await runWatch();
    const reminders = (await mailbox(shop, order.email)).filter((mail) => mail.template === 'lost-kit-reminder');
    expect(reminders.map((mail) => mail.subject)).toEqual([`Has your kit arrived? (order #${order.number})`]);

    await back(14);
    await runWatch();
    expect(await kitOf(order.id)).toMatchObject({ status: 'preparing', replacements: 1, lastFailure: 'not_delivered' });
    expect((await order.customer.get(`/api/orders/${order.id}`)).json().kits[0].notice).toContain(
      'Your first kit never arrived. A new kit is on its way at no charge',
    );

    // the replacement is lost too: the order expires and is refunded in full, once
    await ship(order.id);
    await back(14);
    await runWatch();
    await runWatch();
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('refunded');
    expect((await kitOf(order.id)).status).toBe('expired');
    const [payment] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')));
    expect(payment!.refundedCents).toBe(payment!.amountCents);
    const refunds = (await mailbox(shop, order.email)).filter((mail) => mail.template === 'lost-kit-refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.text).toContain('Your kit never arrived, so your order #');
    expect((await eventsOf(order.id, 'order.refunded')).length).toBe(1);
  });

  it('looks for a sample the member posted at 7 days and sends a new kit at 10', async () => {
    const order = await shippedOrder();
    const early = await order.customer.post(`/api/orders/${order.id}/kits/${KIT}/sample-sent`, {});
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'Register your kit with the code printed on it before you send your sample.',
    ]);
    await order.customer.post(`/api/orders/${order.id}/kits/register`, { code: (await kitOf(order.id)).code });
    const sent = await order.customer.post(`/api/orders/${order.id}/kits/${KIT}/sample-sent`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const first = (await kitOf(order.id)).sampleSentAt;
    expect((await order.customer.post(`/api/orders/${order.id}/kits/${KIT}/sample-sent`, {})).statusCode).toBe(200);
    expect((await kitOf(order.id)).sampleSentAt).toEqual(first);
    const other = await customerWithCart(shop.app);
    expect((await other.post(`/api/orders/${order.id}/kits/${KIT}/sample-sent`, {})).statusCode).toBe(404);

    const back = (days: number) =>
      db()
        .update(orderKits)
        .set({ sampleSentAt: new Date(Date.now() - days * DAY) })
        .where(eq(orderKits.orderId, order.id));
    await back(7);
    await runWatch();
    const reminders = (await mailbox(shop, order.email)).filter((mail) => mail.template === 'lost-kit-reminder');
    expect(reminders.map((mail) => mail.subject)).toEqual([`We are looking for your sample (order #${order.number})`]);
    await back(10);
    await runWatch();
    expect(await kitOf(order.id)).toMatchObject({
      status: 'preparing',
      replacements: 1,
      lastFailure: 'sample_not_received',
      sampleSentAt: null,
    });
  });

  it('refunds or takes the late sample when the expiry and the sample meet, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await shippedOrder();
      const registered = await order.customer.post(`/api/orders/${order.id}/kits/register`, { code: (await kitOf(order.id)).code });
      expect(registered.statusCode).toBe(200);
      await db()
        .update(orderKits)
        .set({ registeredAt: new Date(Date.now() - 28 * DAY) })
        .where(eq(orderKits.orderId, order.id));
      const [, sample] = await Promise.all([runWatch(), operator.post(`/api/admin/orders/${order.id}/kits/${KIT}/sample-received`, {})]);
      await shop.app.jobs.runDueJobs();
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      const kit = await kitOf(order.id);
      const [payment] = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')));
      if (sample.statusCode === 200) {
        expect([row!.status, kit.status, payment!.refundedCents]).toEqual(['sample_received', 'sample_received', 0]);
      } else {
        expect([sample.statusCode, sample.json().code]).toEqual([409, 'KIT_STATE']);
        expect([row!.status, kit.status, payment!.refundedCents]).toEqual(['refunded', 'expired', payment!.amountCents]);
      }
      expect((await eventsOf(order.id, 'order.refunded')).length).toBe(sample.statusCode === 200 ? 0 : 1);
    }
  });
});
