import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { labResults, migrationsFolder, pendingMigrations } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogDestination } from '../src/logging/logger.ts';
import { createResultsCipher } from '../src/results/crypto.ts';
import { sealResults } from '../src/results/sealing.ts';
import { stopGracefully } from '../src/shutdown.ts';
import { createTestShop, type TestShop } from './helpers.ts';
import { orderWithSamples } from './results-helpers.ts';

/** The log's lines as the shop writes them, to find a request's by its id. */
const written: string[] = [];
const log: LogDestination = { write: (line) => void written.push(line) };
const lines = () => written.map((line) => JSON.parse(line) as { reqId?: string; msg: string });

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
    expect(refused.json()).toEqual({ status: 'not_ready', reason: 'the results keys do not open the stored results' });
    const warning = written.map((line) => JSON.parse(line)).find((line) => line.msg === 'not ready');
    expect(warning.keyIds).toEqual([foreign.keyId]);

    const own = sealResults(shop.app.results.cipher, order.id, 'daily-rhythm-saliva', [
      { biomarker: 'cortisol', value: 1.4, unit: 'ng/mL', range: {} },
    ]);
    await shop.database.db.update(labResults).set(own).where(eq(labResults.orderId, order.id));
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
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
