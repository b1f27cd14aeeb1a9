import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { domainEvents, jobs, labResults, migrationsFolder, pendingMigrations, workerHeartbeats } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogDestination } from '../src/logging/logger.ts';
import { createResultsCipher } from '../src/results/crypto.ts';
import { sealResults } from '../src/results/sealing.ts';
import { createWorker } from '../src/jobs/worker.ts';
import { stopGracefully } from '../src/shutdown.ts';
import { adultAnswers, createTestShop, paymentMethod, uniqueEmail, Visitor, type TestShop, everyConsent, quizConsent } from './helpers.ts';
import { orderWithSamples } from './results-helpers.ts';

/** The log's lines as the shop writes them, to find a request's by its id. */
const written: string[] = [];
const log: LogDestination = { write: (line) => void written.push(line) };
const lines = () => written.map((line) => JSON.parse(line) as { reqId?: string; jobId?: string; msg: string });

/** A worker of another process (`npm run worker`): its look at the queue is its heartbeat. */
const otherWorker = () => createWorker({ db: shop.database.db, handlers: {}, log: { info() {}, warn() {}, error() {} } });

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ log });
});
afterAll(() => shop.close());

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

describe('liveness', () => {
  it('answers 200 without asking the database, never cached', async () => {
    const response = await get('/api/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'alive' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('readiness', () => {
  // first in the file: the keys are checked until they pass once
  it('is refused while a stored result does not open with the shop’s keys, and given once it does', async () => {
    const { order } = await orderWithSamples(shop);
    const foreign = createResultsCipher(randomBytes(32));
    const sealed = sealResults(foreign, order.id, 'daily-rhythm-saliva', [{ biomarker: 'cortisol', value: 1.4, unit: 'ng/mL', range: {} }]);
    await shop.database.db.insert(labResults).values({ orderId: order.id, kitSlug: 'daily-rhythm-saliva', source: 'console', ...sealed });

    const refused = await get('/api/health/ready');
    expect(refused.statusCode).toBe(503);
    // the answer names no key; the log does, for the operator
    expect(refused.json()).toEqual({ status: 'not_ready', reason: 'the results keys do not open the stored health data' });
    const warning = written.map((line) => JSON.parse(line)).find((line) => line.msg === 'not ready');
    expect(warning.keyIds).toEqual([`lab_results (key ${foreign.keyId})`]);

    const own = sealResults(shop.app.results.cipher, order.id, 'daily-rhythm-saliva', [
      { biomarker: 'cortisol', value: 1.4, unit: 'ng/mL', range: {} },
    ]);
    await shop.database.db.update(labResults).set(own).where(eq(labResults.orderId, order.id));
    await otherWorker().runDueJobs();
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('is refused while no job worker is alive, and given while one beats or runs in this process', async () => {
    const db = shop.database.db;
    await db.delete(workerHeartbeats);
    const refused = await get('/api/health/ready');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 'not_ready', reason: 'no job worker is running' });

    // another process's worker beats when it looks at the queue
    await otherWorker().runDueJobs();
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    // four beats missed: that worker is gone
    await db.update(workerHeartbeats).set({ beatAt: sql`now() - interval '61 seconds'` });
    expect((await get('/api/health/ready')).json()).toEqual({ status: 'not_ready', reason: 'no job worker is running' });

    // the shop's own worker, run in its process, counts while it runs; stopped, it takes its beat away
    shop.app.jobs.start();
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    await shop.app.jobs.stop();
    const beats = await db
      .select()
      .from(workerHeartbeats)
      .where(sql`${workerHeartbeats.beatAt} > now() - interval '1 minute'`);
    expect(beats).toEqual([]);
    expect((await get('/api/health/ready')).statusCode).toBe(503);
    await otherWorker().runDueJobs();
  });

  it('counts the migrations the database has not run: none for the shop’s, one for a journal with one more', async () => {
    expect(await pendingMigrations(shop.database.db)).toBe(0);
    const folder = mkdtempSync(join(tmpdir(), 'shop-migrations-'));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: '9999_next' });
    writeFileSync(journalFile, JSON.stringify(journal));
    expect(await pendingMigrations(shop.database.db, folder)).toBe(1);
  });

  it('turns 503 once the process is stopping, while liveness and the old health check still answer 200', async () => {
    shop.app.readiness.stop();
    const stopping = await get('/api/health/ready');
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'stopping', reason: 'the process is stopping' });
    expect((await get('/api/health/live')).statusCode).toBe(200);
    const health = await get('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('a graceful stop', () => {
  it('fails readiness first and keeps serving while it drains, then closes', async () => {
    const stopped = await createTestShop();
    let databaseClosed = false;
    // the test shop's own close drops its database afterwards; here closing is only noted
    const database = { ...stopped.database, close: async () => void (databaseClosed = true) };
    const stopping = stopGracefully(stopped.app, database, 400);
    const ready = await stopped.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'stopping' });
    // still serving: a request the load balancer sent before it noticed is answered in full
    const served = await stopped.app.inject({ method: 'GET', url: '/api/health' });
    expect(served.statusCode).toBe(200);
    expect(databaseClosed).toBe(false);
    await stopping;
    expect(databaseClosed).toBe(true);
    // the listener is closed: nothing more is served
    await expect(stopped.app.inject({ method: 'GET', url: '/api/health/live' })).rejects.toThrow(/already been closed/);
    await stopped.close();
  });
});

describe('request ids', () => {
  it('echoes a well-formed X-Request-Id and names the request’s log lines with it', async () => {
    const response = await get('/api/health/live', { 'x-request-id': 'proxy-7f3a:0001.b_c' });
    expect(response.headers['x-request-id']).toBe('proxy-7f3a:0001.b_c');
    const logged = lines().filter((line) => line.reqId === 'proxy-7f3a:0001.b_c');
    expect(logged.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('gives a random UUID when none is sent, a new one each request', async () => {
    const first = (await get('/api/health/live')).headers['x-request-id'];
    const second = (await get('/api/health/live')).headers['x-request-id'];
    expect(first).toMatch(uuid);
    expect(second).toMatch(uuid);
    expect(first).not.toBe(second);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a space', 'not an id'],
    ['with a character outside the set', 'id;drop'],
    ['empty', ''],
  ])('refuses one %s and gives a UUID instead', async (_case, sent) => {
    const response = await get('/api/health/live', { 'x-request-id': sent });
    expect(response.headers['x-request-id']).toMatch(uuid);
  });

  it('is on every response: an unknown route, a refused body and a page not found', async () => {
    const notFound = await get('/api/no-such-thing', { 'x-request-id': 'req-404' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toBe('req-404');
    const refused = await shop.app.inject({
      method: 'POST',
      url: '/api/quiz-results',
      headers: { 'x-request-id': 'req-400', 'content-type': 'application/json' },
      payload: '{"variant":',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-request-id']).toBe('req-400');
    const outsideApi = await get('/no-such-page', { 'x-request-id': 'req-page' });
    expect(outsideApi.statusCode).toBe(404);
    expect(outsideApi.headers['x-request-id']).toBe('req-page');
  });
});

describe('a request id carried into what the request causes', () => {
  it('names the events and jobs a checkout causes, the jobs those queue in turn, and the worker’s lines for each', async () => {
    const db = shop.database.db;
    const requestId = `trace-${crypto.randomUUID().slice(0, 8)}`;
    const visitor = new Visitor(shop.app);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    await visitor.post('/api/checkout/account', { email: uniqueEmail('trace'), password: 'Sup3r-secret!' });
    const placed = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
      { 'idempotency-key': crypto.randomUUID(), 'x-request-id': requestId },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.headers['x-request-id']).toBe(requestId);

    const events = await db.select().from(domainEvents).where(eq(domainEvents.requestId, requestId));
    expect(events.map((event) => event.type)).toContain('order.paid');
    const queued = await db.select().from(jobs).where(eq(jobs.requestId, requestId));
    expect(queued.map((job) => job.name)).toContain('event.handle');

    await shop.app.jobs.runDueJobs();
    const all = await db.select().from(jobs).where(eq(jobs.requestId, requestId));
    // the queued handlers' own jobs (the receipt's e-mail) carry it on
    const later = all.filter((job) => !queued.some((first) => first.id === job.id));
    expect(later.map((job) => job.name)).toContain('email.send');
    const done = lines().filter((line) => line.msg === 'job done' && line.reqId === requestId);
    expect(done.map((line) => line.jobId).sort()).toEqual(all.map((job) => job.id).sort());
  });
});
