import { and, eq, sql } from 'drizzle-orm';
import { clinicSharingWithdrawn, healthDataConsentTexts, shareConsentRefusal } from '@shop/core';
import {
  employerCodes,
  employerCoveredOrders,
  employerEnrollments,
  healthDataConsents,
  orderKits,
  orders,
  payments,
  users,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalCodeBatchesOf } from '../src/employers/portal-eligibility.ts';
import { portalOf } from '../src/employers/portal.ts';
import { employerHelpers } from './employer-helpers.ts';
import {
  createTestShop,
  everyConsent,
  mailbox,
  paymentMethod,
  shareWithClinic,
  signUpClinic,
  staffVisitor,
  uniqueEmail,
  Visitor,
  type TestShop,
} from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// Decision 0081: the consents to share with a clinic and with an employer, asked by the order that
// starts the sharing, recorded with it, and withdrawn from the account page.

let shop: TestShop;
let operator: Visitor;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop();
  operator = await staffVisitor(shop, 'operator');
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

const db = () => shop.database.db;
const browser = { 'user-agent': 'Share-Consent-Browser/1.0' };
let clinicCount = 0;

async function consentRows(email: string, kind: string) {
  return db()
    .select({ consent: healthDataConsents })
    .from(healthDataConsents)
    .innerJoin(users, eq(users.id, healthDataConsents.userId))
    .where(and(eq(users.email, email), eq(healthDataConsents.kind, kind)));
}

/** A clinic whose results go to the client by `rule`, and its practitioner (who orders and reads results). */
async function newClinic(rule: 'automatic' | 'review_all') {
  clinicCount += 1;
  const tag = `${Date.now().toString(36)}${clinicCount}`;
  const password = 'Clinic-passw0rd!';
  const admin = await signUpClinic(shop.app, {
    clinicName: `Share Clinic ${tag}`,
    name: 'Lena Ortiz',
    email: `lena@share-${tag}.example`,
    password,
  });
  const set = await admin.request({ method: 'PUT', url: '/api/providers/settings/results-release', payload: { resultsRelease: rule } });
  expect(set.statusCode, set.body).toBe(200);
  return admin;
}

/** A test the clinic ordered for a new client, by a pay link: the client signed in from it, not yet paid. */
const sentLink = (member: Visitor) =>
  payLinkHelpers(() => shop).sentLink(member, { firstName: 'Rosa', lastName: 'Diaz', dateOfBirth: '1984-02-11' });

const pay = async (link: Awaited<ReturnType<typeof sentLink>>, consents?: readonly string[]) =>
  link.client.post(
    '/api/pay-links/pay',
    { token: link.token, paymentMethod: await paymentMethod(link.client), ...(consents ? { consents } : {}) },
    { 'idempotency-key': crypto.randomUUID(), ...browser },
  );

/** The paid order's sample reached the lab, and a clinician entered its results (the Cholesterol & Lipids Test). */
async function resultsIn(orderId: string) {
  await db().update(orders).set({ status: 'sample_received' }).where(eq(orders.id, orderId));
  await db().delete(orderKits).where(eq(orderKits.orderId, orderId));
  await db()
    .insert(orderKits)
    .values({ orderId, kitSlug: 'blood', title: 'Blood kit', status: 'sample_received', sampleReceivedAt: new Date() });
  const entered = await clinician.post(`/api/admin/orders/${orderId}/results/blood`, {
    results: [
      { biomarker: 'total-cholesterol', value: 180, unit: 'mg/dL' },
      { biomarker: 'ldl', value: 97.25, unit: 'mg/dL', referenceRange: { high: 100 } },
      { biomarker: 'hdl', value: 55, unit: 'mg/dL' },
      { biomarker: 'triglycerides', value: 120, unit: 'mg/dL' },
    ],
  });
  expect(entered.statusCode, entered.body).toBe(201);
}

const listed = async (member: Visitor, providerOrderId: string) =>
  ((await member.get('/api/providers/orders')).json().orders as Array<Record<string, unknown>>).find(
    (order) => order.id === providerOrderId,
  );

describe('a clinic’s pay link shares the client’s results only with their consent to share', () => {
  it('refuses to order without the consent (422, nothing ordered or charged), then takes it with the consent, recorded with the order', async () => {
    const admin = await newClinic('automatic');
    const link = await sentLink(admin);

    const refused = await pay(link);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: shareConsentRefusal('share_with_clinic') });
    const none = await db().select({ id: orders.id }).from(orders).where(eq(orders.email, link.email));
    expect(none).toEqual([]);
    expect(await consentRows(link.email, 'share_with_clinic')).toEqual([]);
    // a kind the pay page does not ask is no consent to share with the clinic
    expect((await pay(link, ['share_with_employer'])).statusCode).toBe(400);

    const paid = await pay(link, shareWithClinic);
    expect(paid.statusCode, paid.body).toBe(201);
    const [placed, ...more] = await db().select().from(orders).where(eq(orders.email, link.email));
    expect(more).toEqual([]);
    expect(placed!.id).toBe(paid.json().order.id);
    const charged = await db().select().from(payments).where(eq(payments.orderId, placed!.id));
    expect(charged.map((payment) => payment.status)).toEqual(['succeeded']);
    const [row, ...others] = await consentRows(link.email, 'share_with_clinic');
    expect(others).toEqual([]);
    expect(row!.consent).toMatchObject({
      version: healthDataConsentTexts.share_with_clinic.version,
      userAgent: 'Share-Consent-Browser/1.0',
      withdrawnAt: null,
    });
    expect(row!.consent.ipAddress).toBeTruthy();
  });

  it('once withdrawn: the clinic’s reads refuse the results (403) and its list shows “Consent withdrawn” with no progress; agreeing again shows them again', async () => {
    const admin = await newClinic('automatic');
    const link = await sentLink(admin);
    const paid = await pay(link, shareWithClinic);
    expect(paid.statusCode, paid.body).toBe(201);
    await resultsIn(paid.json().order.id);
    const resultsPath = `/api/providers/orders/${link.providerOrderId}/results`;
    expect((await admin.get(resultsPath)).statusCode).toBe(200);
    expect(await listed(admin, link.providerOrderId)).toMatchObject({
      consentWithdrawn: false,
      results: 'released',
      track: expect.any(Object),
    });

    const withdrawn = await link.client.post('/api/account/health-consents/share_with_clinic/withdraw');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const refused = await admin.get(resultsPath);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'CONSENT_WITHDRAWN', message: clinicSharingWithdrawn.message });
    expect(refused.body).not.toContain('97.25');
    const row = await listed(admin, link.providerOrderId);
    expect(row).toMatchObject({ consentWithdrawn: true, results: null, resultsReleasedAt: null, track: null, state: 'paid' });
    // the client still reads their own results
    const own = await link.client.get(`/api/orders/${paid.json().order.id}/results`);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('97.25');
    // the account page lists the consent as withdrawn; withdrawing again finds nothing in force
    const history = (await link.client.get('/api/account/health-consents')).json().consents as Array<{
      kind: string;
      withdrawnAt: string | null;
    }>;
    expect(history.filter((consent) => consent.kind === 'share_with_clinic')).toEqual([
      expect.objectContaining({ withdrawnAt: expect.any(String) }),
    ]);
    expect((await link.client.post('/api/account/health-consents/share_with_clinic/withdraw')).statusCode).toBe(404);

    // agreeing again from the account page shares again
    const again = await link.client.post('/api/health-consents', {
      kind: 'share_with_clinic',
      version: healthDataConsentTexts.share_with_clinic.version,
    });
    expect(again.statusCode, again.body).toBe(201);
    expect((await admin.get(resultsPath)).statusCode).toBe(200);
  });

  it('results held for the clinic’s review go to the client when they withdraw, and results arriving after it are not held', async () => {
    const admin = await newClinic('review_all');
    const held = await sentLink(admin);
    const heldOrder = (await pay(held, shareWithClinic)).json().order.id as string;
    await resultsIn(heldOrder);
    expect(await listed(admin, held.providerOrderId)).toMatchObject({ results: 'held' });
    // another client's order, paid with the consent: its results come after they withdraw
    const later = await sentLink(admin);
    const laterOrder = (await pay(later, shareWithClinic)).json().order.id as string;

    expect((await held.client.post('/api/account/health-consents/share_with_clinic/withdraw')).statusCode).toBe(200);
    const released = await held.client.get(`/api/orders/${heldOrder}/results`);
    expect(released.json()).toMatchObject({ released: true });
    const mails = (await mailbox(shop, held.email)).filter((mail) => mail.subject === 'Your Base test results are ready');
    expect(mails).toHaveLength(1);

    // that client withdraws before their results: they go to them at once, and the clinic is not asked to review
    expect((await later.client.post('/api/account/health-consents/share_with_clinic/withdraw')).statusCode).toBe(200);
    await resultsIn(laterOrder);
    expect((await later.client.get(`/api/orders/${laterOrder}/results`)).json()).toMatchObject({ released: true });
    expect(await listed(admin, later.providerOrderId)).toMatchObject({ consentWithdrawn: true, results: null });
  });

  it('the withdraw route knows the consents to share, and a signed-out browser cannot give one', async () => {
    const member = new Visitor(shop.app);
    expect((await member.post('/api/checkout/account', { email: uniqueEmail('share'), password: 'Sup3r-secret!' })).statusCode).toBe(200);
    // never given: nothing in force to withdraw (a 404, not an unknown kind)
    expect((await member.post('/api/account/health-consents/share_with_employer/withdraw')).statusCode).toBe(404);
    expect((await member.post('/api/account/health-consents/share_with_everyone/withdraw')).statusCode).toBe(400);
    const stranger = await new Visitor(shop.app).post('/api/health-consents', {
      kind: 'share_with_clinic',
      version: healthDataConsentTexts.share_with_clinic.version,
    });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('an employer’s cover counts the employee only with their consent to share', () => {
  const employers = employerHelpers(
    () => shop,
    () => operator,
  );

  it('refuses a covered checkout without the consent (422, no cover used), and records it with the order', async () => {
    const group = await employers.codedGroup('share-cover', null, 2);
    const worker = await employers.eligibleEmployee(group);
    const withoutIt = everyConsent.filter((kind) => kind !== 'share_with_employer');
    const refused = await worker.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: withoutIt, paymentMethod: 'covered' },
      browser,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ code: 'CONSENT_REQUIRED', message: shareConsentRefusal('share_with_employer') });
    expect(await db().select().from(orders).where(eq(orders.email, worker.email))).toEqual([]);
    expect(await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.groupId, group.id))).toEqual([]);

    const placed = await worker.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' },
      browser,
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [row] = await consentRows(worker.email, 'share_with_employer');
    expect(row!.consent).toMatchObject({
      version: healthDataConsentTexts.share_with_employer.version,
      userAgent: 'Share-Consent-Browser/1.0',
    });
    // an order without a cover shares nothing with an employer, and records no such consent
    expect(await consentRows(worker.email, 'share_with_clinic')).toEqual([]);
  });

  it('an employee who withdraws is no longer counted in any figure the employer reads', async () => {
    const now = new Date();
    const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const id = await employers.createGroup('share-figures', {
      goals: ['fatigue'],
      eligibility: 'code',
      planYearStart: lastMonthStart.toISOString().slice(0, 10),
      planYearEnd: new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth() - 1, 0)).toISOString().slice(0, 10),
    });
    const minted = await operator.post(`/api/admin/employers/${id}/codes`, { count: 6 });
    expect(minted.statusCode, minted.body).toBe(201);
    const group = { id, slug: 'share-figures', codes: minted.json().codes as string[] };
    const { email } = await employers.employerAdmin(id);
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const workers = [];
    for (let index = 0; index < 5; index += 1) {
      const worker = await employers.eligibleEmployee(group);
      expect((await employers.checkout(worker)).statusCode).toBe(201);
      workers.push(worker);
    }
    // what they did, moved into last month: counted at its end
    const lastMonth = sql`${lastMonthStart.toISOString()}::timestamptz + interval '14 days'`;
    await db().update(employerCoveredOrders).set({ createdAt: lastMonth }).where(eq(employerCoveredOrders.groupId, id));
    await db().update(employerEnrollments).set({ createdAt: lastMonth }).where(eq(employerEnrollments.groupId, id));
    await db()
      .update(employerCodes)
      .set({ createdAt: lastMonth, usedAt: sql`case when ${employerCodes.usedAt} is null then null else ${lastMonth} end` })
      .where(eq(employerCodes.groupId, id));
    const read = async () => ({
      figures: (await portalOf(db(), admin!.id, nextMonth)).figures,
      used: (await portalCodeBatchesOf(db(), id, nextMonth))[0]!.used,
    });
    expect(await read()).toMatchObject({ figures: { enrolled: '5', ordered: '5' }, used: '5' });

    expect((await workers[0]!.post('/api/account/health-consents/share_with_employer/withdraw')).statusCode).toBe(200);
    expect(await read()).toMatchObject({ figures: { enrolled: 'fewer than 5', ordered: 'fewer than 5' }, used: 'fewer than 5' });
  });
});
