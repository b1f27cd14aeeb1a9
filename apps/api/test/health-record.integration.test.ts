import { and, eq } from 'drizzle-orm';
import { auditLog, resultHolds } from '@shop/db';
import { flagExplanations } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { labPosting, orderWithSamples } from './results-helpers.ts';

// The member's lifetime health record (docs/decisions/0079-a-lifetime-health-record.md): every
// order's released results on one timeline and one trend per biomarker; held results left out;
// each member reads their own only.

/** The laboratory that tests the home kits, as an operator names it. */
const homeKitLab = {
  HOME_KIT_LAB_NAME: 'Lone Star Clinical Laboratory',
  HOME_KIT_LAB_ADDRESS: '100 Lab Way, Austin, TX 78701',
  HOME_KIT_LAB_CLIA: '45D1234567',
};

let shop: TestShop;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop({ env: homeKitLab });
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

const cortisol = (value: number) => ({ results: [{ biomarker: 'cortisol', value, unit: 'ng/mL' }] });
const post = async (orderId: string, kitSlug: string, body: object) => {
  const posted = await labPosting(shop, { orderId, kitSlug, ...body }).send();
  expect(posted.statusCode, posted.body).toBe(201);
};
const holdOf = async (orderId: string) => {
  const [hold] = await shop.database.db.select().from(resultHolds).where(eq(resultHolds.orderId, orderId));
  return hold!;
};

describe('the health record', () => {
  it('puts every order’s released results on one timeline and a trend per biomarker, held results left out, each member’s own only', async () => {
    // the first order: the quiz's Cortisol Test, 1.4 ng/mL (above its range)
    const first = await orderWithSamples(shop);
    const member = { visitor: first.visitor, email: first.email };
    await post(first.order.id, 'daily-rhythm-saliva', cortisol(1.4));
    // a second order of the same member: cortisol again, in range, and the CRP & HbA1c Test
    const second = await orderWithSamples(shop, { member, kits: ['daily-rhythm-saliva', 'blood'] });
    await post(second.order.id, 'daily-rhythm-saliva', cortisol(0.8));
    await post(second.order.id, 'blood', {
      results: [
        { biomarker: 'hs-crp', value: 0.6, unit: 'mg/L' },
        { biomarker: 'hba1c', value: 5.2, unit: '%' },
      ],
    });
    // a third, held for a clinician: triglycerides of 2,500 mg/dL
    const held = await orderWithSamples(shop, { member, kits: ['blood'], addOnTests: [1] });
    await post(held.order.id, 'blood', {
      results: [
        { biomarker: 'total-cholesterol', value: 260, unit: 'mg/dL' },
        { biomarker: 'ldl', value: 120, unit: 'mg/dL' },
        { biomarker: 'hdl', value: 35, unit: 'mg/dL' },
        { biomarker: 'triglycerides', value: 2500, unit: 'mg/dL' },
      ],
    });
    // a fourth, held for an HbA1c of 11 % and released by the clinician who reached the member, with a note
    const released = await orderWithSamples(shop, { member, kits: ['blood'] });
    await post(released.order.id, 'blood', {
      results: [
        { biomarker: 'hs-crp', value: 4.2, unit: 'mg/L' },
        { biomarker: 'hba1c', value: 11, unit: '%' },
      ],
    });
    const hold = await holdOf(released.order.id);
    expect((await clinician.post(`/api/admin/result-holds/${hold.id}/attempts`, { channel: 'call', outcome: 'reached' })).statusCode).toBe(
      201,
    );
    const note = 'We spoke on the phone: please see your doctor this week about your HbA1c.';
    expect((await clinician.post(`/api/admin/result-holds/${hold.id}/release`, { note })).statusCode).toBe(200);
    // someone else's order and results
    const other = await orderWithSamples(shop);
    await post(other.order.id, 'daily-rhythm-saliva', cortisol(0.6));

    const answer = await member.visitor.get('/api/account/health-record');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const record = answer.json();
    expect(record.timeline.map((entry: { orderNumber: number }) => entry.orderNumber).sort()).toEqual(
      [first.order.number, second.order.number, released.order.number].sort(),
    );
    // the held order's values are nowhere, nor the other member's
    expect(answer.body).not.toContain('2500');
    expect(answer.body).not.toContain('Triglycerides');
    expect(answer.body).not.toContain(other.order.id);
    expect(answer.body).not.toContain('0.6 ng/mL');

    const trend = (slug: string) => record.biomarkers.find((entry: { biomarker: string }) => entry.biomarker === slug);
    expect(record.biomarkers.map((entry: { biomarker: string }) => entry.biomarker)).toEqual(['hs-crp', 'hba1c', 'cortisol']);
    expect(trend('cortisol')).toMatchObject({
      title: 'Cortisol',
      unit: 'ng/mL',
      range: { low: 0.4, high: 1 },
      optimal: null,
      measurements: [
        { orderNumber: first.order.number, value: 1.4, recordFlag: 'high', explanation: flagExplanations.cortisol.high },
        { orderNumber: second.order.number, value: 0.8, recordFlag: 'normal', explanation: null },
      ],
    });
    expect(trend('hs-crp')).toMatchObject({
      optimal: { band: { high: 1 }, display: '< 1.0 mg/L', source: expect.stringContaining('CDC/AHA') },
      measurements: [
        { value: 0.6, recordFlag: 'normal' },
        { value: 4.2, recordFlag: 'high', display: { value: '4.2 mg/L', range: '< 3.0 mg/L' } },
      ],
    });
    expect(trend('hba1c').measurements.map((value: { recordFlag: string }) => value.recordFlag)).toEqual(['normal', 'high']);

    const noteOf = (orderNumber: number) =>
      record.timeline.find((entry: { orderNumber: number }) => entry.orderNumber === orderNumber).note;
    expect(noteOf(released.order.number)).toEqual({ text: note, by: 'clinician' });
    expect(noteOf(first.order.number)).toBeNull();

    // the other member reads their own record, and only it
    const theirs = (await other.visitor.get('/api/account/health-record')).json();
    expect(theirs.timeline.map((entry: { orderNumber: number }) => entry.orderNumber)).toEqual([other.order.number]);
    expect(theirs.biomarkers).toMatchObject([{ biomarker: 'cortisol', measurements: [{ value: 0.6, recordFlag: 'normal' }] }]);

    // the read is audited once, naming the orders read
    const userId: string = (await member.visitor.get('/api/auth/get-session')).json().user.id;
    const reads = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'account'), eq(auditLog.subjectId, userId), eq(auditLog.action, 'results.read')));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.detail).toMatchObject({ format: 'health_record' });
  });

  it('is for a signed-in member only', async () => {
    const answer = await new Visitor(shop.app).get('/api/account/health-record');
    expect(answer.statusCode).toBe(401);
  });

  it('is empty before any result', async () => {
    const { visitor } = await orderWithSamples(shop);
    expect((await visitor.get('/api/account/health-record')).json()).toEqual({ timeline: [], biomarkers: [] });
  });
});

describe('the results PDF', () => {
  it('names the person tested, their date of birth, the lab and the dates of collection and report', async () => {
    const { visitor, order } = await orderWithSamples(shop);
    const profile = { fullName: 'Nguyễn Thị Zoë', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' };
    expect((await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
    await post(order.id, 'daily-rhythm-saliva', cortisol(1.4));

    const pdf = await visitor.get(`/api/orders/${order.id}/results.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Patient: Nguyễn Thị Zoë');
    expect(text).toContain('Date of birth: April 12, 1990');
    // the laboratory the operator named, as 42 CFR 493.1291(c) asks a report to name it
    expect(text).toContain('Lab: Lone Star Clinical Laboratory, 100 Lab Way, Austin, TX 78701, CLIA 45D1234567');
    expect(text).toMatch(/Collected: \w+ \d+, \d{4} · Reported: \w+ \d+, \d{4}/);
    expect(text).toContain('0.4 – 1.0 ng/mL');
    expect(text).toContain('HIGH');
  });
});
