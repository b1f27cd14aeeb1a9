import { and, eq } from 'drizzle-orm';
import { auditLog, clinicWebhookDeliveries, jobs, orderKits, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, signUpClinic, staffVisitor, type Visitor, type TestShop } from './helpers.ts';
import { payLinkHelpers, webhookReceiver } from './provider-helpers.ts';

let shop: TestShop;
let clinician: Visitor;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let receiverUrl: string;

beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  clinician = await staffVisitor(shop, 'clinician');
  receiver = await webhookReceiver((request, response) => {
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  receiverUrl = receiver.url;
});
afterAll(async () => {
  await receiver.close();
  await shop.close();
});

const password = 'Clinic-passw0rd!';
let clinicCount = 0;
const { inviteAndJoin, paidOrder } = payLinkHelpers(() => shop);

type Rule = 'automatic' | 'review_all' | 'review_out_of_range';

const setRule = (member: Visitor, body: { resultsRelease: string }) =>
  member.request({ method: 'PUT', url: '/api/providers/settings/results-release', payload: body });

/** A clinic with its rule, a practitioner (Dr. Maya Patel) and a webhook endpoint. */
async function newClinic(rule: Rule) {
  clinicCount += 1;
  const tag = `${Date.now().toString(36)}${clinicCount}`;
  const clinicName = `Green Valley Clinic ${tag}`;
  const admin = await signUpClinic(shop.app, { clinicName, name: 'Lena Ortiz', email: `lena@valley-${tag}.example`, password });
  const set = await setRule(admin, { resultsRelease: rule });
  expect(set.statusCode, set.body).toBe(200);
  const practitioner = await inviteAndJoin(admin, 'practitioner', 'Dr. Maya Patel');
  const endpoint = await admin.post('/api/providers/webhooks/endpoints', { url: receiverUrl });
  expect(endpoint.statusCode, endpoint.body).toBe(201);
  return { admin, practitioner, clinicName, endpointId: endpoint.json().endpoint.id as string };
}

/**
 * A blood test the practitioner ordered for a new client, paid from the e-mail's link, whose
 * sample reached the lab (the kit row as the console's kit track would leave it).
 */
async function orderWithSample(practitioner: Visitor) {
  const { client, email, orderId, providerOrderId } = await paidOrder(practitioner, {
    firstName: 'Rosa',
    lastName: 'Diaz',
    dateOfBirth: '1984-02-11',
  });
  const db = shop.database.db;
  await db.update(orders).set({ status: 'sample_received' }).where(eq(orders.id, orderId));
  await db.delete(orderKits).where(eq(orderKits.orderId, orderId));
  await db
    .insert(orderKits)
    .values({ orderId, kitSlug: 'blood', title: 'Blood kit', status: 'sample_received', sampleReceivedAt: new Date() });
  return { client, email, orderId, providerOrderId };
}

/** The Cholesterol & Lipids Test's results (test-1, the order's one test), LDL as given and the rest in range. */
const lipids = (ldl: number) => ({
  results: [
    { biomarker: 'total-cholesterol', value: 180, unit: 'mg/dL' },
    { biomarker: 'ldl', value: ldl, unit: 'mg/dL', referenceRange: { high: 100 } },
    { biomarker: 'hdl', value: 55, unit: 'mg/dL' },
    { biomarker: 'triglycerides', value: 120, unit: 'mg/dL' },
  ],
});

async function enterResults(orderId: string, value: number) {
  const entered = await clinician.post(`/api/admin/orders/${orderId}/results/blood`, lipids(value));
  expect(entered.statusCode, entered.body).toBe(201);
}

const resultsMails = async (email: string) =>
  (await mailbox(shop, email)).filter((mail) => mail.subject === 'Your Base test results are ready');

async function releasedDeliveries(endpointId: string) {
  return shop.database.db
    .select()
    .from(clinicWebhookDeliveries)
    .where(and(eq(clinicWebhookDeliveries.endpointId, endpointId), eq(clinicWebhookDeliveries.type, 'results.released')));
}

describe('results of a clinic’s orders', () => {
  it('held for review: the client sees no values and gets no e-mail until the practitioner releases them with a note', async () => {
    const clinic = await newClinic('review_all');
    const order = await orderWithSample(clinic.practitioner);
    await enterResults(order.orderId, 92.5);

    const held = await order.client.get(`/api/orders/${order.orderId}/results`);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      released: false,
      note: null,
      orderedBy: { practitioner: 'Dr. Maya Patel', clinic: clinic.clinicName },
      kits: [{ kitSlug: 'blood', status: 'results_ready', results: [] }],
    });
    expect(held.body).not.toContain('92.5');
    expect(await resultsMails(order.email)).toHaveLength(0);
    expect(await releasedDeliveries(clinic.endpointId)).toHaveLength(0);
    // the practitioner who ordered is asked to review
    const review = (await mailbox(shop, clinic.practitioner.email)).filter((mail) => mail.subject.includes('ready for your review'));
    expect(review).toHaveLength(1);
    expect(review[0]!.text).not.toContain('92.5');

    const listed = await clinic.practitioner.get('/api/providers/orders');
    expect(listed.json().orders[0]).toMatchObject({ id: order.providerOrderId, results: 'held' });
    // the practitioner reads the values to review them; the read is audited
    const read = await clinic.practitioner.get(`/api/providers/orders/${order.providerOrderId}/results`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      released: false,
      kits: [{ results: expect.arrayContaining([expect.objectContaining({ biomarker: 'ldl', value: 92.5, flag: 'normal' })]) }],
    });
    const reads = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.results_read'), eq(auditLog.subjectId, order.orderId)));
    expect(reads).toHaveLength(1);

    const released = await clinic.practitioner.post(`/api/providers/orders/${order.providerOrderId}/release`, {
      note: 'All within range. Let us talk at your next visit.',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ results: 'released', resultsReleasedAt: expect.any(String) });

    const mails = await resultsMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Ordered by Dr. Maya Patel — ${clinic.clinicName}`);
    expect(mails[0]!.text).toContain('left a note');
    expect(mails[0]!.text).not.toContain('92.5');
    const seen = await order.client.get(`/api/orders/${order.orderId}/results`);
    expect(seen.json()).toMatchObject({
      released: true,
      note: 'All within range. Let us talk at your next visit.',
      kits: [{ results: expect.arrayContaining([expect.objectContaining({ biomarker: 'ldl', value: 92.5 })]) }],
    });
    const [delivery, ...more] = await releasedDeliveries(clinic.endpointId);
    expect(more).toHaveLength(0);
    expect(delivery!.payload).toMatchObject({ type: 'results.released', data: { orderId: order.orderId, status: 'results_released' } });
    const releases = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.results_release'), eq(auditLog.subjectId, order.orderId)));
    expect(releases).toHaveLength(1);
    expect(JSON.stringify(releases[0]!.detail)).not.toContain('Let us talk');

    // released once: a second release is refused and sends nothing more
    const again = await clinic.practitioner.post(`/api/providers/orders/${order.providerOrderId}/release`, {});
    expect(again.statusCode).toBe(409);
    expect(await resultsMails(order.email)).toHaveLength(1);
  });

  it('released automatically: the e-mail names who ordered, the client sees the values and the webhook fires', async () => {
    const clinic = await newClinic('automatic');
    const order = await orderWithSample(clinic.practitioner);
    await enterResults(order.orderId, 131.5);
    const mails = await resultsMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Ordered by Dr. Maya Patel — ${clinic.clinicName}`);
    const seen = await order.client.get(`/api/orders/${order.orderId}/results`);
    expect(seen.json()).toMatchObject({
      released: true,
      kits: [{ results: expect.arrayContaining([expect.objectContaining({ value: 131.5, flag: 'high' })]) }],
    });
    expect(await releasedDeliveries(clinic.endpointId)).toHaveLength(1);
    const release = await clinic.practitioner.post(`/api/providers/orders/${order.providerOrderId}/release`, {});
    expect(release.statusCode).toBe(409);
  });

  it('held only when a value is out of range: a normal result goes out, an out-of-range one waits', async () => {
    const clinic = await newClinic('review_out_of_range');
    const normal = await orderWithSample(clinic.practitioner);
    await enterResults(normal.orderId, 88.5);
    expect(await resultsMails(normal.email)).toHaveLength(1);
    expect((await normal.client.get(`/api/orders/${normal.orderId}/results`)).json()).toMatchObject({ released: true });

    const high = await orderWithSample(clinic.practitioner);
    await enterResults(high.orderId, 160.5);
    expect(await resultsMails(high.email)).toHaveLength(0);
    expect((await high.client.get(`/api/orders/${high.orderId}/results`)).json()).toMatchObject({
      released: false,
      kits: [{ results: [] }],
    });
    expect(await releasedDeliveries(clinic.endpointId)).toHaveLength(1);
    // an admin may release too
    expect((await clinic.admin.post(`/api/providers/orders/${high.providerOrderId}/release`, {})).statusCode).toBe(200);
    expect(await resultsMails(high.email)).toHaveLength(1);
    expect(await releasedDeliveries(clinic.endpointId)).toHaveLength(2);
  });

  it('another clinic’s members get 404 on the release and the result read; staff 403; a clinic member is no reader of the client’s page', async () => {
    const clinic = await newClinic('review_all');
    const order = await orderWithSample(clinic.practitioner);
    await enterResults(order.orderId, 92.5);
    const other = await newClinic('review_all');
    for (const stranger of [other.admin, other.practitioner]) {
      expect((await stranger.get(`/api/providers/orders/${order.providerOrderId}/results`)).statusCode).toBe(404);
      expect((await stranger.post(`/api/providers/orders/${order.providerOrderId}/release`, {})).statusCode).toBe(404);
      expect((await stranger.get(`/api/providers/orders/${order.providerOrderId.toUpperCase()}/results`)).statusCode).toBe(404);
      expect((await stranger.get(`/api/orders/${order.orderId}/results`)).statusCode).toBe(404);
    }
    const staff = await inviteAndJoin(clinic.admin, 'staff', 'Sam Staff');
    const refused = await staff.get(`/api/providers/orders/${order.providerOrderId}/results`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This is open to the clinic’s admins and practitioners; your role is staff.');
    expect((await staff.post(`/api/providers/orders/${order.providerOrderId}/release`, {})).statusCode).toBe(403);
    expect((await setRule(clinic.practitioner, { resultsRelease: 'automatic' })).statusCode).toBe(403);
    // the client is no clinic member
    expect((await order.client.post(`/api/providers/orders/${order.providerOrderId}/release`, {})).statusCode).toBe(403);
    // nothing was released, nothing decrypted for them
    expect(await resultsMails(order.email)).toHaveLength(0);
    const reads = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.results_read'), eq(auditLog.subjectId, order.orderId)));
    expect(reads).toHaveLength(0);
  });

  it('a rule changed later leaves held results held, and the dashboard shows the rule', async () => {
    const clinic = await newClinic('review_all');
    const order = await orderWithSample(clinic.practitioner);
    await enterResults(order.orderId, 92.5);
    expect((await setRule(clinic.admin, { resultsRelease: 'automatic' })).statusCode).toBe(200);
    expect((await clinic.admin.get('/api/providers/dashboard')).json().clinic).toMatchObject({ resultsRelease: 'automatic' });
    expect((await order.client.get(`/api/orders/${order.orderId}/results`)).json()).toMatchObject({ released: false });
    const queued = await shop.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'email.send'), eq(jobs.singletonKey, `results-ready:${order.orderId}`)));
    expect(queued).toHaveLength(0);
    const bad = await setRule(clinic.admin, { resultsRelease: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please choose how results are released');
  });
});
