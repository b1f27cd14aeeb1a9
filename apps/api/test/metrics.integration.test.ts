import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../src/email/queue.ts';
import { enqueue } from '../src/jobs/queue.ts';
import { serveMetrics } from '../src/monitoring/metrics-server.ts';
import { createTestShop, customerWithCart, paymentMethod, productionEnv, uniqueEmail, type TestShop, everyConsent } from './helpers.ts';

/** The value of one series of a scrape, found by its name and exactly its labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = (match[2] ?? '')
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (given === wanted) return Number(match[3]);
  }
  return undefined;
}

const token = 'a'.repeat(16) + randomUUID().replaceAll('-', '');

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const scrape = async (target: TestShop = shop, headers: Record<string, string> = {}) => {
  const response = await target.app.inject({ method: 'GET', url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
};

describe('requests', () => {
  it('are counted by route template, method and status, never by the address asked for', async () => {
    const id = randomUUID();
    const email = 'metrics.person@example.com';
    // the counters are the process's: other test files of this worker count too, so what counts is what these requests add
    const before = await scrape();
    const added = (text: string, name: string, labels: Record<string, string>) =>
      (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    const quiz = await shop.app.inject({ method: 'GET', url: `/api/quiz-results/${id}?email=${encodeURIComponent(email)}` });
    expect(quiz.statusCode).toBe(404);
    const order = await shop.app.inject({ method: 'GET', url: `/api/orders/${id}?email=${email}` });
    expect(order.statusCode).toBe(401);
    const nowhere = await shop.app.inject({ method: 'GET', url: `/nowhere/${id}?email=${email}` });
    expect(nowhere.statusCode).toBe(404);
    const catalog = await shop.app.inject({ method: 'GET', url: '/api/catalog/products' });
    expect(catalog.statusCode).toBe(200);

    const text = await scrape();
    expect(added(text, 'shop_http_requests_total', { route: '/api/quiz-results/:id', method: 'GET', status: '404' })).toBe(1);
    expect(added(text, 'shop_http_requests_total', { route: '/api/orders/:id', method: 'GET', status: '401' })).toBe(1);
    expect(added(text, 'shop_http_requests_total', { route: '(unmatched)', method: 'GET', status: '404' })).toBe(1);
    expect(added(text, 'shop_http_requests_total', { route: '/api/catalog/products', method: 'GET', status: '200' })).toBe(1);
    expect(added(text, 'shop_http_request_duration_seconds_count', { route: '/api/catalog/products', method: 'GET' })).toBe(1);
    expect(added(text, 'shop_http_request_duration_seconds_bucket', { route: '/api/catalog/products', method: 'GET', le: '+Inf' })).toBe(1);
    // nothing of what was asked for: not the id, not the address in the query, not the query
    for (const leak of [id, email, encodeURIComponent(email), 'metrics.person', 'example.com', '?email', '/nowhere']) {
      expect(text).not.toContain(leak);
    }
    // the series of fixed sets are there from the start (at 0 in a process that has done nothing), so that an
    // alert's increase() sees their first event; other test files of this worker may have counted some already
    expect(sample(text, 'shop_job_failures_total', { job: 'gift.deliver' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_refunds_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_clinic_webhook_attempts_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'shop_emails_total', { transport: 'outbox', outcome: 'stored' })).toBeGreaterThanOrEqual(0);
    // the process's own figures come too
    expect(sample(text, 'shop_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('jobs and what they do', () => {
  it('shows a due job in the queue, then its run, and the e-mail it sent', async () => {
    const address = uniqueEmail('metrics');
    await enqueueEmail(shop.database.db, { to: address, subject: 'Hello', template: 'metrics-test', text: 'Hello', html: '<p>Hello</p>' });
    await enqueue(shop.database.db, { name: 'cart.expire', payload: {}, runAt: new Date(Date.now() - 60_000) });

    const before = await scrape();
    expect(sample(before, 'shop_job_queue_depth', { job: 'email.send' })).toBeGreaterThanOrEqual(1);
    expect(sample(before, 'shop_job_queue_depth', { job: 'cart.expire' })).toBe(1);
    expect(sample(before, 'shop_job_queue_oldest_due_seconds', { job: 'cart.expire' })).toBeGreaterThanOrEqual(59);

    await shop.app.jobs.runDueJobs();
    const after = await scrape();
    expect(sample(after, 'shop_job_queue_depth', { job: 'cart.expire' })).toBe(0);
    // the worker that ran them wrote its heartbeat; no notice is open in this shop
    expect(sample(after, 'shop_job_workers_alive')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'shop_operator_notices_open')).toBe(0);
    expect(sample(after, 'shop_job_queue_oldest_due_seconds', { job: 'cart.expire' })).toBe(0);
    // counters are the process's (other test files of this worker count too): what the run added
    const ran = (name: string, labels: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(ran('shop_job_runs_total', { job: 'cart.expire', outcome: 'succeeded' })).toBe(1);
    expect(ran('shop_job_runs_total', { job: 'email.send', outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(ran('shop_job_duration_seconds_count', { job: 'cart.expire' })).toBe(1);
    expect(sample(after, 'shop_emails_total', { transport: 'outbox', outcome: 'stored' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain(address);
  });

  it('counts a failing job’s retries, and leaves an unknown handler out of the event lag', async () => {
    // an event job for a handler the code does not have: it fails each time it runs
    const bogus = `bogus-${randomUUID()}`;
    await enqueue(shop.database.db, { name: 'event.handle', payload: { eventId: randomUUID(), handler: bogus }, maxAttempts: 2 });
    // counters are the process's (other test files of this worker count too): what these runs added
    const start = await scrape();
    const since = (text: string, name: string) =>
      (sample(text, name, { job: 'event.handle' }) ?? 0) - (sample(start, name, { job: 'event.handle' }) ?? 0);
    const failedRuns = (text: string) =>
      (sample(text, 'shop_job_runs_total', { job: 'event.handle', outcome: 'failed' }) ?? 0) -
      (sample(start, 'shop_job_runs_total', { job: 'event.handle', outcome: 'failed' }) ?? 0);
    await shop.app.jobs.runDueJobs();
    const once = await scrape();
    expect(since(once, 'shop_job_retries_total')).toBe(1);
    expect(failedRuns(once)).toBe(1);
    expect(once).not.toContain(bogus);

    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 3_600_000) });
    const twice = await scrape();
    expect(since(twice, 'shop_job_failures_total')).toBe(1);
    expect(failedRuns(twice)).toBe(2);
  });

  it('counts a card payment by outcome and shows the paid order’s event handlers waiting, then caught up', async () => {
    const email = uniqueEmail('metrics-buyer');
    const visitor = await customerWithCart(shop.app, email);
    // the counters are the process's: what counts is what this payment adds
    const paymentsBefore = sample(await scrape(), 'shop_payments_total', { purpose: 'checkout', outcome: 'succeeded' }) ?? 0;
    const placed = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;

    const waiting = await scrape();
    expect(sample(waiting, 'shop_payments_total', { purpose: 'checkout', outcome: 'succeeded' })).toBe(paymentsBefore + 1);
    // the paid order's receipt is a queued handler of order.paid
    const pending = (text: string) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('shop_event_handler_pending{'))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    expect(pending(waiting)).toBeGreaterThan(0);
    expect(sample(waiting, 'shop_job_queue_depth', { job: 'event.handle' })).toBeGreaterThan(0);

    await shop.app.jobs.runDueJobs();
    const handled = await scrape();
    expect(pending(handled)).toBe(0);
    for (const line of handled.split('\n').filter((each) => each.startsWith('shop_event_handler_lag_seconds{'))) {
      expect(line.endsWith(' 0'), line).toBe(true);
    }
    for (const leak of [orderId, email]) expect(handled).not.toContain(leak);
  });
});

describe('who may read it', () => {
  it('answers 404 outside this machine when no token is set (development)', async () => {
    const away = await shop.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(away.statusCode).toBe(404);
    const here = await shop.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(here.statusCode).toBe(200);
  });

  it('does not exist in production without METRICS_TOKEN', async () => {
    const production = await createTestShop({ env: { ...productionEnv } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('shop_');
    } finally {
      await production.close();
    }
  });

  it('in production with METRICS_TOKEN, answers only its bearer, from anywhere', async () => {
    const production = await createTestShop({ env: { ...productionEnv, METRICS_TOKEN: token } });
    try {
      const none = await production.app.inject({ method: 'GET', url: '/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(none.body).not.toContain('shop_');
      const wrong = await production.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.statusCode).toBe(401);
      const text = await scrape(production, { authorization: `Bearer ${token}` });
      expect(sample(text, 'shop_http_requests_total', { route: '/metrics', method: 'GET', status: '401' })).toBeGreaterThanOrEqual(2);
      const away = await production.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(away.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('shows the PostgreSQL pool’s use, on PostgreSQL only', async () => {
    const text = await scrape();
    if (shop.engine === 'postgres') {
      expect(sample(text, 'shop_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'shop_db_pool_connections', { state: 'busy' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'shop_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('shop_db_pool_');
    }
  });
});

describe("a worker's own metrics port (METRICS_PORT)", () => {
  it('serves the same metrics to the bearer of the token only, and nothing else', async () => {
    await enqueue(shop.database.db, { name: 'nonce.prune', payload: {}, runAt: new Date(Date.now() - 5_000) });
    const server = await serveMetrics({ port: 0, host: '127.0.0.1', token, db: shop.database.db, queuedHandlers: [] });
    try {
      const at = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
      const none = await at('/metrics');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect((await at('/other', { authorization: `Bearer ${token}` })).status).toBe(404);
      const given = await at('/metrics', { authorization: `Bearer ${token}` });
      expect(given.status).toBe(200);
      const text = await given.text();
      expect(sample(text, 'shop_job_queue_depth', { job: 'nonce.prune' })).toBe(1);
      expect(sample(text, 'shop_job_runs_total', { job: 'cart.expire', outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    } finally {
      await server.close();
    }
  });
});

describe('the example alerts (docs/alerts.yml)', () => {
  it('name only metrics the shop exports', async () => {
    const rules = readFileSync(new URL('../../../docs/alerts.yml', import.meta.url), 'utf8');
    const named = new Set(rules.match(/\bshop_[a-z_]+/g));
    expect(named.size).toBeGreaterThan(5);
    const text = await scrape();
    for (const name of named) {
      // the pool exists on PostgreSQL only
      if (name.startsWith('shop_db_pool_') && shop.engine === 'pglite') continue;
      const metric = name.replace(/_(bucket|count|sum)$/, '');
      expect(text, name).toMatch(new RegExp(`^# TYPE ${metric} `, 'm'));
    }
  });
});
