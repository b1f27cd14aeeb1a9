import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { labRequestNonces, openDatabase } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { createTestShop, type TestShop } from './helpers.ts';
import { labPosting, orderWithSamples, salivaResults, traces } from './results-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

// The partner lab posts results signed with the secret the shop shares with it.
describe('the partner lab endpoint', () => {
  it('takes a signed posting naming the order by its number, once', async () => {
    const { order } = await orderWithSamples(shop, { program: true });
    // the second posting is signed a second before the first: another request, whatever the clock does meanwhile
    const at = Math.floor(Date.now() / 1000);
    const posting = labPosting(shop, { orderNumber: order.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults }, { timestamp: at });
    const response = await posting.send();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ order: { id: order.id, status: 'program_billing' } });
    const after = await traces(shop, order.id);
    expect(after.stored.map((row) => [row.source, row.enteredBy])).toEqual([['partner_lab', null]]);
    expect([after.billing.length, after.mails.length]).toEqual([1, 1]);
    expect(after.audits.map((row) => [row.action, row.actorRole])).toContainEqual(['results.enter', 'partner_lab']);

    // the very same request again is a replay
    const replay = await posting.send();
    expect([replay.statusCode, replay.json().code]).toEqual([409, 'REPLAYED_REQUEST']);
    // signed afresh, it is a second posting for the kit, refused as well
    const fresh = await labPosting(
      shop,
      { orderNumber: order.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults },
      { timestamp: at - 1 },
    ).send();
    expect([fresh.statusCode, fresh.json().code]).toEqual([409, 'RESULTS_ALREADY_ENTERED']);
    const final = await traces(shop, order.id);
    expect([final.stored.length, final.billing.length, final.mails.length]).toEqual([1, 1, 1]);
  });

  it('stores one result set when the same signed posting, or ten signed ones, arrive at once', async () => {
    const { order } = await orderWithSamples(shop, { program: true });
    // the distinct postings are signed before the first one, so none of them repeats its signature
    const now = Math.floor(Date.now() / 1000);
    const posting = labPosting(shop, { orderNumber: order.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults }, { timestamp: now });
    const same = await Promise.all(Array.from({ length: 10 }, () => posting.send()));
    expect(same.map((response) => response.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const distinct = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        labPosting(
          shop,
          { orderNumber: order.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults },
          { timestamp: now - index - 1 },
        ).send(),
      ),
    );
    expect(new Set(distinct.map((response) => response.json().code))).toEqual(new Set(['RESULTS_ALREADY_ENTERED']));
    const after = await traces(shop, order.id);
    expect([after.stored.length, after.billing.length, after.mails.length]).toEqual([1, 1, 1]);
  });

  it('takes the order by its id too', async () => {
    const { order } = await orderWithSamples(shop);
    const response = await labPosting(shop, { orderId: order.id, kitSlug: 'daily-rhythm-saliva', ...salivaResults }).send();
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses a bad signature, a stale or future timestamp and missing headers with a 401, writing nothing', async () => {
    const { order } = await orderWithSamples(shop);
    const body = { orderNumber: order.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults };
    const now = Math.floor(Date.now() / 1000);
    const refusals = [
      labPosting(shop, body, { secret: 'another-secret-that-is-long-enough-000' }),
      labPosting(shop, body, { timestamp: now - 6 * 60 }),
      labPosting(shop, body, { timestamp: now + 6 * 60 }),
    ];
    for (const posting of refusals) {
      const response = await posting.send();
      expect([response.statusCode, response.json().code]).toEqual([401, 'LAB_SIGNATURE']);
    }
    const unsigned = await shop.app.inject({ method: 'POST', url: '/api/labs/results', payload: body });
    expect(unsigned.statusCode).toBe(401);

    // a body changed after signing
    const changed = JSON.stringify({ ...body, results: [{ biomarker: 'cortisol', value: 0.5, unit: 'ng/mL' }] });
    expect((await labPosting(shop, body).send(changed)).statusCode).toBe(401);

    const after = await traces(shop, order.id);
    expect(after).toMatchObject({ status: 'sample_received', stored: [], billing: [], mails: [] });
  });

  it('refuses bad results after the signature (a wrong unit 422, a value that is no number 400), and an unknown order with a 404', async () => {
    const { order } = await orderWithSamples(shop);
    const wrongUnit = await labPosting(shop, {
      orderNumber: order.number,
      kitSlug: 'daily-rhythm-saliva',
      results: [{ biomarker: 'cortisol', value: 1.4, unit: 'mmol/L' }],
    }).send();
    expect([wrongUnit.statusCode, wrongUnit.json()]).toEqual([
      422,
      { code: 'RESULTS_WRONG_UNIT', message: 'Cortisol: the unit must be ng/mL or nmol/L, not "mmol/L".' },
    ]);
    const bad = await labPosting(shop, {
      orderNumber: order.number,
      kitSlug: 'daily-rhythm-saliva',
      results: [{ biomarker: 'cortisol', value: 'high', unit: 'ng/mL' }],
    }).send();
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Cortisol: the value must be a number.']);
    const noOrder = await labPosting(shop, { kitSlug: 'daily-rhythm-saliva', ...salivaResults }).send();
    expect([noOrder.statusCode, noOrder.json().message]).toEqual([400, 'Name the order by orderNumber or orderId']);
    const unknown = await labPosting(shop, { orderNumber: 99_999_999, kitSlug: 'daily-rhythm-saliva', ...salivaResults }).send();
    expect(unknown.statusCode).toBe(404);
    expect((await traces(shop, order.id)).stored).toEqual([]);
  });

  it('takes only the biomarkers the order bought in the kit: another test’s are a 422, and nothing moves', async () => {
    // the order's blood kit holds a Focus Test: ferritin, iron and vitamin B12
    const { order } = await orderWithSamples(shop, { kits: ['blood'], addOnTests: [68] });
    const wrong = labPosting(shop, {
      orderNumber: order.number,
      kitSlug: 'blood',
      results: [
        { biomarker: 'ldl', value: 110, unit: 'mg/dL' },
        { biomarker: 'hs-crp', value: 1.2, unit: 'mg/L' },
        { biomarker: 'hba1c', value: 5.4, unit: '%' },
      ],
    });
    const refused = await wrong.send();
    expect([refused.statusCode, refused.json()]).toEqual([
      422,
      {
        code: 'RESULTS_NOT_ORDERED',
        message: `LDL cholesterol, hs-CRP (C-reactive protein) and HbA1c were not ordered: the Finger-prick blood kit of order #${order.number} takes results for Ferritin, Iron and Vitamin B12 only.`,
      },
    ]);
    expect(await traces(shop, order.id)).toMatchObject({
      status: 'sample_received',
      kits: { blood: 'sample_received' },
      stored: [],
      mails: [],
    });
    // the refused request's signature is not kept: the lab's corrected posting is a new request anyway
    const nonce = wrong.headers['x-lab-signature'].slice(3);
    expect(await shop.database.db.select().from(labRequestNonces).where(eq(labRequestNonces.nonce, nonce))).toEqual([]);

    const right = await labPosting(shop, {
      orderNumber: order.number,
      kitSlug: 'blood',
      results: [
        { biomarker: 'ferritin', value: 48, unit: 'µg/L' },
        { biomarker: 'iron', value: 17, unit: 'µmol/L' },
        { biomarker: 'vitamin-b12', value: 310, unit: 'pg/mL' },
      ],
    }).send();
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json()).toMatchObject({ order: { id: order.id, status: 'results_ready' }, kit: { kitSlug: 'blood' } });
    expect(await traces(shop, order.id)).toMatchObject({ status: 'results_ready', kits: { blood: 'results_ready' } });
  });

  it('keeps the nonce of an accepted posting only', async () => {
    const { order } = await orderWithSamples(shop, { kitStatus: 'shipped' });
    const early = labPosting(shop, { orderNumber: order.number, kitSlug: 'daily-rhythm-saliva', ...salivaResults });
    expect((await early.send()).statusCode).toBe(409);
    const nonces = await shop.database.db.select().from(labRequestNonces);
    const nonce = early.headers['x-lab-signature'].slice(3);
    expect(nonces.some((row) => row.nonce === nonce)).toBe(false);
    expect(await shop.database.db.select().from(labRequestNonces).where(eq(labRequestNonces.nonce, nonce))).toEqual([]);
  });
});

describe('the partner lab endpoint in production', () => {
  it('is off (503) without LAB_WEBHOOK_SECRET', async () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      SHOP_STAGING: '1',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'a-production-secret-that-is-long-enough',
      RESULTS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-prod-')),
      LOG_LEVEL: 'silent',
    });
    const database = await openDatabase({ kind: 'pglite-memory' });
    const app = await buildApp({ env, db: database.db, pingDatabase: database.ping, authSecret: env.AUTH_SECRET!, logger: false });
    try {
      expect(app.results.labSecret).toBeNull();
      const response = await app.inject({
        method: 'POST',
        url: '/api/labs/results',
        payload: { kitSlug: 'blood' },
        headers: { 'x-lab-timestamp': '1', 'x-lab-signature': 'v1=00' },
      });
      expect([response.statusCode, response.json().code]).toEqual([503, 'LAB_ENDPOINT_OFF']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
