import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_ATTRIBUTES } from '../src/tracing/attributes.ts';
import { startTracing, type StopTracing } from '../src/tracing/start.ts';
import { createTestShop, customerWithCart, everyConsent, paymentMethod, uniqueEmail, type TestShop } from './helpers.ts';

/**
 * Tracing on, with the spans kept in memory as the collector would receive them: a member's journey
 * (the quiz with a date of birth, an account, a paid order, a delivery name, the medical profile)
 * makes spans for its requests, their statements, the jobs they queue and the calls going out,
 * each in the right place in the trace, and no span says who the member is or anything of their health.
 */

/** The advertiser's conversion endpoint: reached by fetch from a job, as a text or video provider would be. */
function listeningServer() {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end());
  });
  return {
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/conversions`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const member = {
  email: uniqueEmail('traced'),
  fullName: 'Zoë Quintanilla-Marsh',
  dateOfBirth: '1983-11-07',
  conditions: 'Hashimoto thyroiditis',
  medications: 'Levothyroxine 88 mcg',
  address: '417 Juniper Hollow Road',
};

const exporter = new InMemorySpanExporter();
const advertiser = listeningServer();
let stopTracing: StopTracing | null;
let shop: TestShop;
let spans: ReadableSpan[];
/** what the member's session and card are known by: never in a span either */
const tokens: string[] = [];

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const named = (name: string) => spans.filter((span) => span.name === name);

beforeAll(async () => {
  stopTracing = await startTracing({ serviceName: 'shop-test', exporter });
  shop = await createTestShop({ env: { AD_CONVERSIONS_URL: await advertiser.start() } });

  const visitor = await customerWithCart(shop.app, member.email);
  const card = await paymentMethod(visitor);
  tokens.push(card, visitor.cookie('session_token').split('=')[1]!);
  const placed = await visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: card },
    { 'idempotency-key': crypto.randomUUID(), cookie: `${visitor.cookiesExcept()}; cookie_consent=granted` },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().order.id as string;
  tokens.push(orderId);
  const collection = await visitor.post(`/api/orders/${orderId}/collection`, {
    method: 'home',
    fullName: member.fullName,
    shippingAddress: member.address,
    city: 'Austin',
    zipCode: '78701',
  });
  expect(collection.statusCode, collection.body).toBe(200);
  const profile = await visitor.request({
    method: 'PUT',
    url: '/api/account/profile',
    payload: {
      fullName: member.fullName,
      dateOfBirth: member.dateOfBirth,
      sex: 'female',
      state: 'TX',
      conditions: member.conditions,
      medications: member.medications,
    },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  // the worker's turn: the order's e-mails, its event's handlers, the report to the advertiser
  await shop.app.jobs.runDueJobs();
  spans = exporter.getFinishedSpans();
});

afterAll(async () => {
  await shop.close();
  await stopTracing?.();
  await advertiser.stop();
});

describe('traces', () => {
  it('name each request by its route template, with its statements and its card payment as children', () => {
    const [checkout] = named('POST /api/checkout/orders');
    expect(checkout?.kind).toBe(SpanKind.SERVER);
    expect(checkout?.attributes).toEqual({
      'http.request.method': 'POST',
      'http.route': '/api/checkout/orders',
      'http.response.status_code': 201,
    });
    expect(named('POST /api/orders/:id/collection')).toHaveLength(1);

    const statements = spans.filter((span) => parentOf(span) === idOf(checkout!) && span.attributes['db.system.name'] === 'postgresql');
    expect(statements.map((span) => span.name)).toEqual(expect.arrayContaining(['INSERT orders', 'SELECT orders']));
    const insert = statements.find((span) => span.name === 'INSERT orders');
    expect(insert?.attributes).toEqual({ 'db.system.name': 'postgresql', 'db.operation.name': 'INSERT', 'db.collection.name': 'orders' });
    expect(insert?.kind).toBe(SpanKind.CLIENT);

    const payment = spans.find((span) => span.name === 'payments pay');
    expect(parentOf(payment!)).toBe(idOf(checkout!));
    expect(payment?.attributes).toEqual({ 'shop.port': 'payments', 'shop.operation': 'pay' });
  });

  it('make each job the child of the span that queued it, and its calls out its own children', () => {
    const [checkout] = named('POST /api/checkout/orders');
    const jobs = spans.filter((span) => span.kind === SpanKind.CONSUMER);
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) expect(job.name).toBe(`job ${String(job.attributes['shop.job.name'])}`);

    // the order's paid event, recorded in the checkout request, has its handlers' jobs in the request's trace
    const handlers = jobs.filter((job) => job.attributes['shop.job.name'] === 'event.handle' && parentOf(job) === idOf(checkout!));
    expect(handlers.length).toBeGreaterThan(0);
    for (const handler of handlers) expect(handler.spanContext().traceId).toBe(checkout!.spanContext().traceId);

    // each e-mail goes out from its job, through the e-mail port
    const sends = named('email send');
    expect(sends.length).toBeGreaterThan(0);
    for (const send of sends) expect(named('job email.send').map(idOf)).toContain(parentOf(send));

    // the report to the advertiser: fetch from its job, one hop below the request
    const outgoing = spans.filter((span) => span.kind === SpanKind.CLIENT && span.attributes['server.address'] === '127.0.0.1');
    expect(outgoing).toHaveLength(1);
    expect(outgoing[0]?.name).toBe('POST');
    expect(outgoing[0]?.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    const reporter = spans.find((span) => idOf(span) === parentOf(outgoing[0]!));
    expect(reporter?.kind).toBe(SpanKind.CONSUMER);
    expect(reporter?.spanContext().traceId).toBe(checkout!.spanContext().traceId);
  });

  it('carry only the attributes on the list, and nothing that names the member or their health', () => {
    expect(spans.length).toBeGreaterThan(50);
    const secrets = [
      member.email,
      member.fullName,
      'Quintanilla',
      member.dateOfBirth,
      '1990-04-12',
      member.conditions,
      'Hashimoto',
      member.medications,
      '88 mcg',
      member.address,
      'Juniper',
      ...tokens,
    ];
    for (const span of spans) {
      for (const key of Object.keys(span.attributes)) expect(ALLOWED_ATTRIBUTES, `${span.name} has ${key}`).toContain(key);
      expect(span.events).toEqual([]);
      const said = JSON.stringify({
        name: span.name,
        attributes: span.attributes,
        status: span.status,
        resource: span.resource.attributes,
      });
      for (const secret of secrets) expect(said, `${span.name} says ${secret}`).not.toContain(secret);
    }
  });
});
