import type { IncomingHttpHeaders } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { auditLog, clinicWebhookDeliveries, clinicWebhookEndpoints, jobs } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { clinicWebhookAttempts } from '../src/monitoring/metrics.ts';
import { newSigningSecret } from '../src/providers/webhook-signature.ts';
import { createTestShop, signUpClinic, staffVisitor, uniqueEmail, Visitor, type TestShop } from './helpers.ts';
import { payLinkHelpers, webhookReceiver } from './provider-helpers.ts';

let shop: TestShop;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let receiverUrl: string;
/** what the receiver answers next, in order; 200 once they run out */
const answers: number[] = [];
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  receiver = await webhookReceiver((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
    });
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

async function newClinic() {
  clinicCount += 1;
  const tag = `${Date.now().toString(36)}${clinicCount}`;
  return signUpClinic(shop.app, {
    clinicName: `Hook Clinic ${tag}`,
    name: 'Dr. Ana Green',
    email: `ana@hooks-${tag}.example`,
    password,
  });
}

/** A client-pay order of the clinic, paid by its client from the e-mail's link. */
const paidProviderOrder = (admin: Visitor) => paidOrder(admin);

async function register(admin: Visitor, url = receiverUrl) {
  const response = await admin.post('/api/providers/webhooks/endpoints', { url });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ endpoint: { id: string; url: string }; secret: string }>();
}

async function deliveriesOf(endpointId: string) {
  return shop.database.db.select().from(clinicWebhookDeliveries).where(eq(clinicWebhookDeliveries.endpointId, endpointId));
}

describe('a clinic’s webhooks', () => {
  it('shows the signing secret once, keeps it sealed, and sends a signed, idempotent order.paid', async () => {
    const admin = await newClinic();
    const { endpoint, secret } = await register(admin);
    expect(secret).toMatch(/^whsec_/);
    const [row] = await shop.database.db.select().from(clinicWebhookEndpoints).where(eq(clinicWebhookEndpoints.id, endpoint.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    expect(shop.app.emailSecrets.openValue(row!.secretSealed)).toBe(secret);
    // the list never shows it again
    const listed = await admin.get('/api/providers/webhooks');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    // nor any of its characters: the hint is the prefix every secret shares
    expect(row!.secretHint).toBe('whsec_');
    expect(listed.json().endpoints.map((shown: { secretHint: string }) => shown.secretHint)).toEqual(['whsec_']);

    received.length = 0;
    const order = await paidProviderOrder(admin);
    await shop.app.jobs.runDueJobs();
    const sent = received.filter((request) => JSON.parse(request.body).data?.orderId === order.orderId);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      id: request!.headers['webhook-id'],
      type: 'order.paid',
      createdAt: expect.any(String),
      data: {
        providerOrderId: order.providerOrderId,
        clientId: order.clientId,
        orderId: order.orderId,
        orderNumber: expect.any(Number),
        status: 'paid',
      },
    });
    // a clinic verifies it with the Standard Webhooks library (the id, the timestamp and the body signed)
    const signed = {
      'webhook-id': request!.headers['webhook-id'] as string,
      'webhook-timestamp': request!.headers['webhook-timestamp'] as string,
      'webhook-signature': request!.headers['webhook-signature'] as string,
    };
    expect(new Webhook(secret).verify(request!.body, signed)).toEqual(body);
    expect(() => new Webhook(newSigningSecret()).verify(request!.body, signed)).toThrow();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });

    // the same event given again (a replay) is no second delivery
    await shop.app.events.replay(shop.database.db, delivery!.eventId);
    await shop.app.jobs.runDueJobs();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('sends kit shipped, results released and refunded with ids and status only, and nothing for an order of no clinic', async () => {
    const admin = await newClinic();
    const { endpoint } = await register(admin);
    const order = await paidProviderOrder(admin);
    await shop.app.jobs.runDueJobs();
    received.length = 0;
    await shop.database.db.transaction(async (tx) => {
      // an order of the shop that no clinic placed
      await shop.app.events.record(tx, 'kit.shipped', {
        orderId: crypto.randomUUID(),
        kitSlug: 'blood',
        shippedAt: new Date().toISOString(),
      });
      await shop.app.events.record(tx, 'kit.shipped', { orderId: order.orderId, kitSlug: 'blood', shippedAt: new Date().toISOString() });
      await shop.app.events.record(tx, 'order.results_ready', { orderId: order.orderId, email: 'x@example.com', program: 'none' });
      await shop.app.events.record(tx, 'order.refunded', {
        orderId: order.orderId,
        actor: 'someone',
        refundedCents: 7995,
        storeCreditCents: 0,
        declined: true,
      });
    });
    await shop.app.jobs.runDueJobs();
    const bodies = received.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => body.type).sort()).toEqual(['kit.shipped', 'order.refunded', 'results.released']);
    const released = bodies.find((body) => body.type === 'results.released');
    expect(released.data).toEqual({
      providerOrderId: order.providerOrderId,
      clientId: order.clientId,
      orderId: order.orderId,
      orderNumber: expect.any(Number),
      status: 'results_released',
    });
    expect(bodies.find((body) => body.type === 'order.refunded').data).toMatchObject({ status: 'refunded', reason: 'clinician_declined' });
    expect(bodies.find((body) => body.type === 'kit.shipped').data).toMatchObject({ status: 'kit_shipped', kit: 'blood' });
    // no e-mail address, no result value
    expect(JSON.stringify(bodies)).not.toContain('@');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(4);
  });

  it('retries after a 500 on its schedule, and an admin can redeliver with the same event id', async () => {
    const admin = await newClinic();
    const { endpoint } = await register(admin);
    received.length = 0;
    answers.push(500);
    await paidProviderOrder(admin);
    await shop.app.jobs.runDueJobs();
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: 500 });
    const wait = delivery!.nextAttemptAt!.getTime() - delivery!.lastAttemptAt!.getTime();
    expect(wait).toBeGreaterThanOrEqual(59_000);
    expect(wait).toBeLessThan(70_000);
    // not before its time
    await shop.app.jobs.runDueJobs();
    expect(received).toHaveLength(1);
    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 2 * 60_000) });
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 });
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    expect(received[1]!.body).toBe(received[0]!.body);

    // the delivery log shows it, and a redelivery sends the same event again
    const log = (await admin.get('/api/providers/webhooks')).json();
    expect(log.deliveries[0]).toMatchObject({
      id: delivery!.id,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      type: 'order.paid',
    });
    const again = await admin.post(`/api/providers/webhooks/deliveries/${delivery!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(200);
    await shop.app.jobs.runDueJobs();
    expect(received).toHaveLength(3);
    expect(received[2]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, delivery!.id), eq(auditLog.action, 'provider.webhook_redeliver')));
    expect(audits).toHaveLength(1);
  });

  it('fails a delivery after its last attempt, and a failed one can be redelivered', async () => {
    const admin = await newClinic();
    const { endpoint } = await register(admin);
    received.length = 0;
    answers.push(503, 503, 503, 503, 503, 503, 503);
    const attemptsCounted = async () =>
      Object.fromEntries((await clinicWebhookAttempts.get()).values.map((value) => [value.labels.outcome, value.value]));
    const before = await attemptsCounted();
    await paidProviderOrder(admin);
    let later = Date.now();
    for (let attempt = 0; attempt < 7; attempt += 1) {
      later += 25 * 3600_000;
      await shop.app.jobs.runDueJobs({ now: new Date(later) });
    }
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 7, lastStatusCode: 503, nextAttemptAt: null });
    // the metrics count each attempt's outcome: six sent back to wait, the last one failed
    const failed = await attemptsCounted();
    expect(failed).toEqual({ ...before, retrying: before.retrying! + 6, failed: before.failed! + 1 });
    const queued = await shop.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'provider_webhook.deliver'), eq(jobs.status, 'queued')));
    expect(queued.filter((job) => (job.payload as { deliveryId: string }).deliveryId === delivery!.id)).toHaveLength(0);
    expect((await admin.post(`/api/providers/webhooks/deliveries/${delivery!.id}/redeliver`)).statusCode).toBe(200);
    await shop.app.jobs.runDueJobs({ now: new Date(later) });
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 8, lastStatusCode: 200 });
    expect(await attemptsCounted()).toEqual({ ...failed, delivered: failed.delivered! + 1 });
  });

  it('refuses http to a public name, private networks and other schemes (loopback http is allowed in tests)', async () => {
    const admin = await newClinic();
    for (const url of [
      'http://hooks.example.com/in',
      'https://10.0.0.5/in',
      'https://169.254.169.254/latest',
      'https://db.internal/in',
      'ftp://x.example/',
    ]) {
      const response = await admin.post('/api/providers/webhooks/endpoints', { url });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await admin.get('/api/providers/webhooks')).json().endpoints).toHaveLength(0);
  });

  it('another clinic’s member gets 404 on every route of it, staff and practitioners 403, customers and shop staff 403', async () => {
    const admin = await newClinic();
    const { endpoint } = await register(admin);
    answers.push(500);
    await paidProviderOrder(admin);
    await shop.app.jobs.runDueJobs();
    const [delivery] = await deliveriesOf(endpoint.id);

    const other = await newClinic();
    expect((await other.post(`/api/providers/webhooks/endpoints/${endpoint.id}/remove`)).statusCode).toBe(404);
    expect((await other.post(`/api/providers/webhooks/deliveries/${delivery!.id}/redeliver`)).statusCode).toBe(404);
    const theirs = (await other.get('/api/providers/webhooks')).json();
    expect(theirs.endpoints).toHaveLength(0);
    expect(theirs.deliveries).toHaveLength(0);

    const routes: [string, string][] = [
      ['GET', '/api/providers/webhooks'],
      ['POST', '/api/providers/webhooks/endpoints'],
      ['POST', `/api/providers/webhooks/endpoints/${endpoint.id}/remove`],
      ['POST', `/api/providers/webhooks/deliveries/${delivery!.id}/redeliver`],
    ];
    const staff = await inviteAndJoin(admin, 'staff');
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const customer = new Visitor(shop.app);
    await customer.post('/api/checkout/account', { email: uniqueEmail('customer'), password: 'Sup3r-secret!' });
    const operator = await staffVisitor(shop, 'operator');
    for (const [method, url] of routes) {
      const body = method === 'POST' ? { url: receiverUrl } : undefined;
      for (const [who, visitor] of [
        ['staff', staff],
        ['practitioner', practitioner],
        ['customer', customer],
        ['operator', operator],
      ] as const) {
        const response = method === 'GET' ? await visitor.get(url) : await visitor.post(url, body);
        expect(response.statusCode, `${who} ${url}`).toBe(403);
      }
    }
    // nothing changed for the clinic
    const [after] = await deliveriesOf(endpoint.id);
    expect(after!.attempts).toBe(delivery!.attempts);
    expect((await admin.get('/api/providers/webhooks')).json().endpoints).toHaveLength(1);
  });

  it('a removed endpoint gets no new events and its waiting retry is not sent', async () => {
    const admin = await newClinic();
    const { endpoint } = await register(admin);
    received.length = 0;
    answers.push(500);
    const order = await paidProviderOrder(admin);
    await shop.app.jobs.runDueJobs();
    const ofThisOrder = () => received.filter((request) => JSON.parse(request.body).data?.orderId === order.orderId);
    const removed = await admin.post(`/api/providers/webhooks/endpoints/${endpoint.id}/remove`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().endpoints).toHaveLength(0);
    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 10 * 60_000) });
    expect(ofThisOrder()).toHaveLength(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery!.status).toBe('failed');
    expect((await admin.post(`/api/providers/webhooks/deliveries/${delivery!.id}/redeliver`)).statusCode).toBe(409);
  });
});
