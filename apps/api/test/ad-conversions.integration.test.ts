import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { domainEvents, jobs, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionKey, reportPurchaseToAdvertiser, sendConversionJob } from '../src/advertising/conversions.ts';
import type { DomainEventPayloads } from '../src/events/catalog.ts';
import { createTestShop, customerWithCart, paymentMethod, uniqueEmail, type TestShop, type Visitor, everyConsent } from './helpers.ts';

/** A stand-in for the advertiser's conversion endpoint: keeps every request it is sent. */
function fakeAdvertiser() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = status;
      response.end();
    });
  });
  return {
    received,
    answerWith: (next: number) => (status = next),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/conversions`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pays the visitor's cart, with the consent cookie the banner sets when `consent` is given; answers the order as stored. */
async function pay(shop: TestShop, visitor: Visitor, consent?: 'granted' | 'denied', headers: Record<string, string> = {}) {
  const cookie = [visitor.cookiesExcept(), ...(consent ? [`cookie_consent=${consent}`] : [])].join('; ');
  const response = await visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
    { 'idempotency-key': crypto.randomUUID(), cookie, ...headers },
  );
  expect(response.statusCode, response.body).toBe(201);
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, response.json().order.id));
  return order!;
}

describe('purchases reported to the advertiser by the server', () => {
  const advertiser = fakeAdvertiser();
  let endpoint: string;
  let shop: TestShop;
  beforeAll(async () => {
    endpoint = await advertiser.start();
    shop = await createTestShop({ env: { AD_CONVERSIONS_URL: endpoint } });
  });
  afterAll(async () => {
    await shop.close();
    await advertiser.stop();
  });

  it('tells the value of an order whose customer consented, and nothing that names them or their health', async () => {
    const email = uniqueEmail('consented');
    const order = await pay(shop, await customerWithCart(shop.app, email), 'granted');
    await shop.app.jobs.runDueJobs();

    expect(advertiser.received).toHaveLength(1);
    const [report] = advertiser.received;
    expect(order.adConsent).toBe(true);
    expect(order.totalCents).toBeGreaterThan(0);
    expect(JSON.parse(report!.body)).toEqual({ event: 'purchase', valueCents: order.totalCents, currency: 'USD' });
    expect(report!.headers['idempotency-key']).toBe(conversionKey(order.id));
    const sent = `${report!.body} ${JSON.stringify(report!.headers)}`.toLowerCase();
    for (const secret of [email.toLowerCase(), order.id, String(order.number), 'base-quiz', 'anxiety', 'test', 'cookie']) {
      expect(sent, `the report names ${secret}`).not.toContain(secret);
    }

    // the consumer handed the same event again queues no second report
    const [paid] = await shop.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'order.paid'), eq(domainEvents.subjectId, order.id)));
    const event = { ...paid!, type: 'order.paid', payload: paid!.payload as DomainEventPayloads['order.paid'] } as const;
    await shop.database.db.transaction((tx) => reportPurchaseToAdvertiser.handle(tx, event, shop.app.events));
    await shop.app.jobs.runDueJobs();
    expect(advertiser.received).toHaveLength(1);
  });

  it('tells nothing of an order whose customer declined or never answered', async () => {
    const before = advertiser.received.length;
    const declined = await pay(shop, await customerWithCart(shop.app), 'denied');
    const unanswered = await pay(shop, await customerWithCart(shop.app));
    await shop.app.jobs.runDueJobs();
    expect(advertiser.received).toHaveLength(before);
    expect([declined.adConsent, unanswered.adConsent]).toEqual([false, false]);
  });

  it('tells nothing of an order whose browser sent Global Privacy Control, whatever its cookie says', async () => {
    const before = advertiser.received.length;
    const opted = await pay(shop, await customerWithCart(shop.app), 'granted', { 'sec-gpc': '1' });
    await shop.app.jobs.runDueJobs();
    expect(opted.adConsent).toBe(false);
    expect(advertiser.received).toHaveLength(before);
  });

  it('fails a report the endpoint refuses, for the queue to try again', async () => {
    advertiser.answerWith(503);
    try {
      await expect(
        sendConversionJob(endpoint)(
          { orderId: crypto.randomUUID(), valueCents: 100 },
          { jobId: crypto.randomUUID(), attempt: 1, maxAttempts: 8, now: new Date() },
        ),
      ).rejects.toThrow('answered 503');
    } finally {
      advertiser.answerWith(200);
    }
  });
});

describe('purchases without a conversion endpoint configured', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('queues no report, even for a customer who consented', async () => {
    await pay(shop, await customerWithCart(shop.app), 'granted');
    await shop.app.jobs.runDueJobs();
    expect(await shop.database.db.select().from(jobs).where(eq(jobs.name, 'ad_conversion.send'))).toEqual([]);
  });
});
