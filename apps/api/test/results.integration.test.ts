import { eq } from 'drizzle-orm';
import { auditLog, orderEvents, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, staffVisitor, uniqueEmail, Visitor, type TestShop } from './helpers.ts';
import { bloodResults, orderWithSamples, salivaResults, traces } from './results-helpers.ts';

let shop: TestShop;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop();
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

const enter = (visitor: Visitor, orderId: string, kit: string, body: unknown) =>
  visitor.post(`/api/admin/orders/${orderId}/results/${kit}`, body);

describe('results entered in the console', () => {
  it('make the kit and the order results_ready, queue one e-mail without values, and are sealed at rest', async () => {
    const { order, email } = await orderWithSamples(shop);
    const response = await enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      order: { id: order.id, status: 'results_ready' },
      kit: { kitSlug: 'daily-rhythm-saliva', status: 'results_ready' },
    });

    const after = await traces(shop, order.id);
    expect(after).toMatchObject({ status: 'results_ready', kits: { 'daily-rhythm-saliva': 'results_ready' } });
    expect(after.billing).toHaveLength(0);
    expect(after.mails).toHaveLength(1);
    const mail = after.mails[0]!.payload as { to: string; subject: string; text: string; html: string };
    expect(mail).toMatchObject({ to: email, subject: 'Your Base test results are ready' });
    expect(mail.text).toContain(`/account/orders/${order.id}/results`);
    for (const secret of ['1.4', '12.5', 'ortisol', 'elatonin', 'ng/mL']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }

    expect(after.stored).toHaveLength(1);
    const row = after.stored[0]!;
    expect(row).toMatchObject({ source: 'console', keyId: shop.app.results.cipher.keyId });
    const bytes = Buffer.from(row.ciphertext, 'base64url').toString('latin1');
    for (const secret of ['1.4', '12.5', 'cortisol', 'melatonin']) {
      expect(row.ciphertext).not.toContain(secret);
      expect(bytes).not.toContain(secret);
    }
    expect(after.audits.map((audit) => [audit.action, audit.detail])).toContainEqual([
      'results.enter',
      { kitSlug: 'daily-rhythm-saliva', source: 'console', biomarkers: 1 },
    ]);
    const timeline = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(timeline.map((event) => event.event)).toContain('results_entered');
    // the kit's own step is in the timeline too
    expect(timeline.map((event) => event.event)).toContain('kit_results_ready');
  });

  it('move a program order to program_billing with one billing job, and a second posting is refused', async () => {
    const { order } = await orderWithSamples(shop, { program: true });
    expect(order.deferredCents).toBeGreaterThan(0);
    expect((await enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults)).statusCode).toBe(201);
    const again = await enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RESULTS_ALREADY_ENTERED');
    const after = await traces(shop, order.id);
    expect(after.status).toBe('program_billing');
    expect(after.billing.map((job) => job.payload)).toEqual([{ orderId: order.id }]);
    expect(after.mails).toHaveLength(1);
    expect(after.stored).toHaveLength(1);
  });

  it('move the order only once every kit has its results', async () => {
    const { order } = await orderWithSamples(shop, { program: true, kits: ['blood', 'daily-rhythm-saliva'] });
    expect((await enter(clinician, order.id, 'blood', bloodResults)).statusCode).toBe(201);
    let after = await traces(shop, order.id);
    expect(after).toMatchObject({ status: 'sample_received', kits: { blood: 'results_ready', 'daily-rhythm-saliva': 'sample_received' } });
    expect([after.billing.length, after.mails.length]).toEqual([0, 0]);
    expect((await enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults)).statusCode).toBe(201);
    after = await traces(shop, order.id);
    expect(after.status).toBe('program_billing');
    expect([after.billing.length, after.mails.length, after.stored.length]).toEqual([1, 1, 2]);
  });

  it('store one result set and queue one billing job when 10 postings of a kit race', async () => {
    const { order } = await orderWithSamples(shop, { program: true });
    const responses = await Promise.all(Array.from({ length: 10 }, () => enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    const after = await traces(shop, order.id);
    expect(after.status).toBe('program_billing');
    expect([after.stored.length, after.billing.length, after.mails.length]).toEqual([1, 1, 1]);
    const moves = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(moves.filter((event) => event.event === 'results_entered')).toHaveLength(1);
  });

  it.each([
    [
      'an absurd value',
      { results: [{ biomarker: 'cortisol', value: 14000, unit: 'ng/mL' }] },
      'Cortisol: 14000 ng/mL is not a plausible result',
    ],
    ['a negative value', { results: [{ biomarker: 'cortisol', value: -2, unit: 'ng/mL' }] }, 'Cortisol: the value cannot be negative.'],
    [
      'a value that is no number',
      { results: [{ biomarker: 'cortisol', value: '1.4', unit: 'ng/mL' }] },
      'Cortisol: the value must be a number.',
    ],
  ])('refuse %s with a 400 and write nothing', async (_case, body, message) => {
    const { order } = await orderWithSamples(shop, { program: true });
    const response = await enter(clinician, order.id, 'daily-rhythm-saliva', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
    const after = await traces(shop, order.id);
    expect(after).toMatchObject({
      status: 'sample_received',
      kits: { 'daily-rhythm-saliva': 'sample_received' },
      stored: [],
      billing: [],
      mails: [],
    });
  });

  it('are refused for a cancelled order and for a kit whose sample has not arrived', async () => {
    const cancelled = await orderWithSamples(shop);
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
    const refused = await enter(clinician, cancelled.order.id, 'daily-rhythm-saliva', salivaResults);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'ORDER_STATE']);

    const shipped = await orderWithSamples(shop, { kitStatus: 'shipped' });
    const early = await enter(clinician, shipped.order.id, 'daily-rhythm-saliva', salivaResults);
    expect([early.statusCode, early.json().code]).toEqual([409, 'KIT_STATE']);
    expect((await traces(shop, shipped.order.id)).stored).toEqual([]);

    const missing = await enter(clinician, shipped.order.id, 'hormone-saliva', {
      results: [{ biomarker: 'dhea', value: 180, unit: 'pg/mL' }],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('are for clinicians and operators only', async () => {
    const { order, visitor } = await orderWithSamples(shop);
    expect((await enter(visitor, order.id, 'daily-rhythm-saliva', salivaResults)).statusCode).toBe(403);
    expect((await enter(await staffVisitor(shop, 'support'), order.id, 'daily-rhythm-saliva', salivaResults)).statusCode).toBe(403);
    expect((await enter(new Visitor(shop.app), order.id, 'daily-rhythm-saliva', salivaResults)).statusCode).toBe(401);
    expect((await enter(await staffVisitor(shop, 'operator'), order.id, 'daily-rhythm-saliva', salivaResults)).statusCode).toBe(201);
  });
});

describe('results held against the order', () => {
  // a Focus Test (ferritin, iron, vitamin B12) is all the order bought in its blood kit
  const focusOrder = () => orderWithSamples(shop, { kits: ['blood'], addOnTests: [68] });
  const focusResults = {
    results: [
      { biomarker: 'ferritin', value: 48, unit: 'ng/mL' },
      { biomarker: 'iron', value: 95, unit: 'µg/dL' },
      { biomarker: 'vitamin-b12', value: 310, unit: 'pmol/L' },
    ],
  };
  const lipidsCrpHba1c = {
    results: [
      { biomarker: 'total-cholesterol', value: 190, unit: 'mg/dL' },
      { biomarker: 'ldl', value: 110, unit: 'mg/dL' },
      { biomarker: 'hdl', value: 55, unit: 'mg/dL' },
      { biomarker: 'triglycerides', value: 120, unit: 'mg/dL' },
      { biomarker: 'hs-crp', value: 1.2, unit: 'mg/L' },
      { biomarker: 'hba1c', value: 5.4, unit: '%' },
    ],
  };

  const untouched = async (orderId: string) =>
    expect(await traces(shop, orderId)).toMatchObject({
      status: 'sample_received',
      kits: { blood: 'sample_received' },
      stored: [],
      mails: [],
    });

  it('refuse another test’s biomarkers with a 422 naming them, store nothing and leave the order as it was', async () => {
    const { order } = await focusOrder();
    const response = await enter(clinician, order.id, 'blood', lipidsCrpHba1c);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      code: 'RESULTS_NOT_ORDERED',
      message: `Total cholesterol, LDL cholesterol, HDL cholesterol, Triglycerides, hs-CRP (C-reactive protein) and HbA1c were not ordered: the Finger-prick blood kit of order #${order.number} takes results for Ferritin, Iron and Vitamin B12 only.`,
    });
    // one value too many is refused as well, even with all the ordered ones
    const extra = await enter(clinician, order.id, 'blood', { results: [...focusResults.results, lipidsCrpHba1c.results[5]!] });
    expect([extra.statusCode, extra.json().code]).toEqual([422, 'RESULTS_NOT_ORDERED']);
    // so is a biomarker the shop does not measure, and one of another kit
    const glucose = await enter(clinician, order.id, 'blood', { results: [{ biomarker: 'glucose', value: 90, unit: 'mg/dL' }] });
    expect([glucose.statusCode, glucose.json().code]).toEqual([422, 'RESULTS_NOT_ORDERED']);
    expect(glucose.json().message).toContain('"glucose" was not ordered');
    await untouched(order.id);
  });

  it('refuse a unit the biomarker does not take, and a set that lacks an ordered biomarker, with a 422', async () => {
    const { order } = await focusOrder();
    const wrongUnit = await enter(clinician, order.id, 'blood', {
      results: focusResults.results.map((result) => (result.biomarker === 'iron' ? { ...result, unit: 'mg/dL' } : result)),
    });
    expect([wrongUnit.statusCode, wrongUnit.json()]).toEqual([
      422,
      { code: 'RESULTS_WRONG_UNIT', message: 'Iron: the unit must be µg/dL or ug/dL or µmol/L or umol/L, not "mg/dL".' },
    ]);
    const partial = await enter(clinician, order.id, 'blood', { results: focusResults.results.slice(0, 1) });
    expect([partial.statusCode, partial.json()]).toEqual([
      422,
      {
        code: 'RESULTS_INCOMPLETE',
        message: `Iron and Vitamin B12 are missing: the Finger-prick blood kit of order #${order.number} takes results for Ferritin, Iron and Vitamin B12, all at once.`,
      },
    ]);
    await untouched(order.id);
  });

  it('take exactly the ordered biomarkers, in any unit their biomarker takes, and make the order results_ready', async () => {
    const { order, visitor } = await focusOrder();
    const response = await enter(clinician, order.id, 'blood', focusResults);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order.status).toBe('results_ready');
    const after = await traces(shop, order.id);
    expect(after).toMatchObject({ status: 'results_ready', kits: { blood: 'results_ready' } });
    expect([after.stored.length, after.mails.length]).toEqual([1, 1]);
    const read = await visitor.get(`/api/orders/${order.id}/results`);
    expect(read.json().kits[0].results.map((result: { biomarker: string }) => result.biomarker)).toEqual([
      'ferritin',
      'iron',
      'vitamin-b12',
    ]);
  });

  it('give the console the biomarkers each kit of the order takes', async () => {
    const { order } = await focusOrder();
    const view = await clinician.get(`/api/admin/orders/${order.id}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().kits).toEqual([expect.objectContaining({ kitSlug: 'blood', biomarkers: ['ferritin', 'iron', 'vitamin-b12'] })]);
  });
});

describe('reading results', () => {
  it('shows the customer each biomarker with value, range and flag, and audits every read', async () => {
    const { order, visitor } = await orderWithSamples(shop);
    await enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults);
    const response = await visitor.get(`/api/orders/${order.id}/results`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const [kit] = response.json().kits;
    expect(kit).toMatchObject({ kitSlug: 'daily-rhythm-saliva', status: 'results_ready' });
    expect(kit.results).toEqual([
      expect.objectContaining({
        biomarker: 'cortisol',
        title: 'Cortisol',
        value: 1.4,
        unit: 'ng/mL',
        range: { low: 0.4, high: 1 },
        flag: 'high',
        display: { value: '1.4 ng/mL', range: '0.4 – 1.0 ng/mL', flag: 'High: above the reference range' },
      }),
    ]);

    const pdf = await visitor.get(`/api/orders/${order.id}/results.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const clinicianRead = await clinician.get(`/api/orders/${order.id}/results`);
    expect(clinicianRead.statusCode).toBe(200);

    const reads = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, order.id));
    const readRows = reads.filter((row) => row.action === 'results.read');
    expect(readRows.map((row) => [row.actorRole, (row.detail as { format: string }).format]).sort()).toEqual([
      ['clinician', 'json'],
      ['customer', 'json'],
      ['customer', 'pdf'],
    ]);
    expect(readRows.every((row) => JSON.stringify(row.detail).includes('1.4') === false)).toBe(true);
  });

  it('tells anyone else the order does not exist, and reads nothing for them', async () => {
    const { order } = await orderWithSamples(shop);
    await enter(clinician, order.id, 'daily-rhythm-saliva', salivaResults);
    const stranger = new Visitor(shop.app);
    await stranger.post('/api/checkout/account', { email: uniqueEmail('stranger'), password: 'Sup3r-secret!' });
    for (const visitor of [stranger, await staffVisitor(shop, 'operator'), await staffVisitor(shop, 'support')]) {
      for (const path of ['results', 'results.pdf']) {
        const response = await visitor.get(`/api/orders/${order.id}/${path}`);
        expect([response.statusCode, response.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
      }
    }
    expect((await stranger.get(`/api/orders/${crypto.randomUUID()}/results`)).statusCode).toBe(404);
    expect((await new Visitor(shop.app).get(`/api/orders/${order.id}/results`)).statusCode).toBe(401);
    const reads = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, order.id));
    expect(reads.filter((row) => row.action === 'results.read')).toEqual([]);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const docs = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/orders/{id}/results', '/api/admin/orders/{id}/results/{kitSlug}', '/api/labs/results']),
    );
  });
});
