import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dayOf, healthDataConsentTexts } from '@shop/core';
import { outsideLabReports, rowsOf, sealedColumns, textOutbox } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { storedKeysThatFail, StoredKeysError } from '../src/keys/probe.ts';
import { outsideFileContext } from '../src/lab-reviews/outside-service.ts';
import { resealEverything } from '../src/keys/reseal.ts';
import { createResultsCipher, decodeKey, keyIdOf } from '../src/results/crypto.ts';
import { prepareShop } from '../src/server.ts';
import { reportPdf } from './handmade-pdf.ts';
import { createTestShop, staffVisitor, uniqueEmail, Visitor, type TestShop, placeOrder } from './helpers.ts';

const keyA = Buffer.alloc(32, 1).toString('base64');
const keyB = Buffer.alloc(32, 2).toString('base64');
const secretX = 'the-first-auth-secret-of-this-shop-x';
const secretY = 'the-second-auth-secret-of-this-shop-y';
const profile = {
  fullName: 'Ann Lee',
  dateOfBirth: '1988-03-14',
  sex: 'female',
  state: 'TX',
  conditions: 'Hashimoto thyroiditis',
  medications: 'sertraline',
};

const envOf = (extra: Record<string, string>) =>
  parseEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-rotation-')), LOG_LEVEL: 'silent', ...extra });

/** Every sealed column's values, by the key id each names. */
async function keyIdsStored(shop: TestShop): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const column of sealedColumns) {
    const rows = await rowsOf<{ keyId: string }>(
      shop.database.db,
      sql`select distinct split_part(${sql.identifier(column.sealed)}, '.', 1) as "keyId" from ${sql.identifier(column.table)}
          where ${sql.identifier(column.sealed)} is not null`,
    );
    for (const row of rows) ids.add(row.keyId);
  }
  return ids;
}

describe('keys that rotate (decision 0072)', () => {
  let shop: TestShop;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    shop = await createTestShop({ env: { RESULTS_ENCRYPTION_KEY: keyA } });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await shop.close();
  });

  /** Another process of the same shop: the same database, other keys. */
  async function appWith(env: Record<string, string>, authSecret = 'test-secret-that-is-long-enough-for-better-auth') {
    const app = await buildApp({ env: envOf(env), db: shop.database.db, pingDatabase: shop.database.ping, authSecret });
    await app.ready();
    apps.push(app);
    return app;
  }

  it('reads what key A sealed under key B with A previous, reseals it under B, and reads it with A dropped', async () => {
    const member = new Visitor(shop.app);
    expect((await member.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    expect((await member.post('/api/checkout/account', { email: uniqueEmail('rotate'), password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const placed = await placeOrder(member);
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await member.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
    const food = { day: dayOf(new Date()), meal: 'lunch', food: 'Miso soup' };
    expect((await member.post('/api/account/daily/food-log', food)).statusCode).toBe(201);
    // a report from another lab, its file sealed in the storage and its values entered (decision 0087)
    const pdf = reportPdf();
    const outside = await member.request({
      method: 'POST',
      // Base Daily is no test: the consent to collect is ticked with the upload
      url: `/api/account/outside-reports?labName=Quest%20Diagnostics&collectedOn=2026-03-02&consentVersion=${healthDataConsentTexts.collect_health_data.version}`,
      payload: pdf,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(outside.statusCode, outside.body).toBe(201);
    const operator = await staffVisitor(shop, 'operator');
    const entry = { results: [{ biomarker: 'tsh', value: 2.1, unit: 'mIU/L' }] };
    expect((await operator.post(`/api/admin/outside-reports/${outside.json().id}/results`, entry)).statusCode).toBe(201);
    const idA = keyIdOf(decodeKey(keyA));
    const idB = keyIdOf(decodeKey(keyB));
    expect(await keyIdsStored(shop)).toEqual(new Set([idA]));

    const cookie = { cookie: member.cookiesExcept() };
    const readProfile = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/account/profile', headers: cookie });

    // B alone opens nothing A sealed: the probe names the columns, the start's error the variable
    const onlyB = createResultsCipher(decodeKey(keyB));
    const failing = await storedKeysThatFail(shop.database.db, onlyB);
    expect(failing).toEqual(expect.arrayContaining([`medical_profiles.conditions_sealed (key ${idA})`]));
    expect(new StoredKeysError(failing!).message).toContain('RESULTS_ENCRYPTION_KEY');

    // rotated: B seals, A still opens
    const rotated = await appWith({ RESULTS_ENCRYPTION_KEY: keyB, RESULTS_ENCRYPTION_PREVIOUS_KEYS: keyA });
    expect((await readProfile(rotated)).json().profile).toEqual(profile);
    const counts = await resealEverything({
      db: shop.database.db,
      cipher: rotated.results.cipher,
      authSecret: 'test-secret-that-is-long-enough-for-better-auth',
      // the uploads are in the first process's folder
      storage: shop.app.files.storage,
    });
    expect(counts.columns).toBeGreaterThanOrEqual(5);
    // the outside result set and the outside report's file moved too
    expect(counts.labResults).toBe(1);
    expect(counts.files).toBe(1);
    expect(await keyIdsStored(shop)).toEqual(new Set([idB]));
    // nothing left to move
    expect(
      (
        await resealEverything({
          db: shop.database.db,
          cipher: rotated.results.cipher,
          authSecret: 'x'.repeat(32),
          storage: shop.app.files.storage,
        })
      ).columns,
    ).toBe(0);

    // A dropped: everything opens with B alone
    expect(await storedKeysThatFail(shop.database.db, onlyB)).toBeNull();
    const dropped = await appWith({ RESULTS_ENCRYPTION_KEY: keyB });
    expect((await readProfile(dropped)).json().profile).toEqual(profile);
    const log = await dropped.inject({ method: 'GET', url: '/api/account/daily/food-log', headers: cookie });
    expect(JSON.stringify(log.json())).toContain('Miso soup');
    const record = await dropped.inject({ method: 'GET', url: '/api/account/health-record', headers: cookie });
    expect(record.json().timeline).toEqual([expect.objectContaining({ origin: 'outside', outsideLab: 'Quest Diagnostics' })]);
    const [report] = await shop.database.db.select().from(outsideLabReports);
    expect(report!.keyId).toBe(idB);
    const bytes = onlyB.openBytes(
      idB,
      await shop.app.files.storage.get(report!.storageKey),
      outsideFileContext(report!.userId, report!.id),
    );
    expect(bytes.equals(pdf)).toBe(true);
  });

  it('keeps a session signed with the previous AUTH_SECRET, signs it anew, and refuses it once that secret is dropped', async () => {
    const first = await appWith({}, secretX);
    const member = new Visitor(first);
    expect((await member.post('/api/checkout/account', { email: uniqueEmail('secret'), password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const headers = { cookie: member.cookiesExcept() };
    expect((await first.inject({ method: 'GET', url: '/api/account/profile', headers })).statusCode).toBe(200);

    const rotated = await appWith({ AUTH_SECRET_PREVIOUS: secretX }, secretY);
    const kept = await rotated.inject({ method: 'GET', url: '/api/account/profile', headers });
    expect(kept.statusCode).toBe(200);
    const resigned = kept.cookies.find((cookie) => cookie.name.includes('session_token'));
    expect(resigned?.value).toEqual(expect.any(String));

    const dropped = await appWith({}, secretY);
    expect((await dropped.inject({ method: 'GET', url: '/api/account/profile', headers })).statusCode).toBe(401);
    // the cookie signed anew holds under the new secret alone
    const anew = { cookie: `${resigned!.name}=${encodeURIComponent(resigned!.value)}` };
    expect((await dropped.inject({ method: 'GET', url: '/api/account/profile', headers: anew })).statusCode).toBe(200);
  });
});

describe('the start refuses keys that do not open what is stored', () => {
  it('stops with a message naming RESULTS_ENCRYPTION_KEY, and starts with the old key among the previous ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-refusal-'));
    const base = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: secretX, DATABASE_URL: '' };
    const first = await prepareShop(parseEnv({ ...base, RESULTS_ENCRYPTION_KEY: keyA }), { web: false });
    await first.database.db.insert(textOutbox).values({
      toNumber: '+15125550100',
      template: 'callback',
      body: 'Please call your clinician',
      status: 'stored',
      dedupeKey: 'refusal-1',
    });
    await first.app.close();
    await first.database.close();

    const refused = prepareShop(parseEnv({ ...base, RESULTS_ENCRYPTION_KEY: keyB }), { web: false });
    await expect(refused).rejects.toBeInstanceOf(StoredKeysError);
    await expect(refused).rejects.toThrow(
      /RESULTS_ENCRYPTION_KEY.*text_outbox\.body_sealed|text_outbox\.body_sealed.*RESULTS_ENCRYPTION_KEY/,
    );

    const started = await prepareShop(parseEnv({ ...base, RESULTS_ENCRYPTION_KEY: keyB, RESULTS_ENCRYPTION_PREVIOUS_KEYS: keyA }), {
      web: false,
    });
    await started.app.close();
    await started.database.close();
  }, 300_000);
});
