import { and, eq } from 'drizzle-orm';
import { domainEvents, leads, providerReferrals, rewardLedger } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveClearedRewards } from '../src/affiliates/ledger.ts';
import { rewardProviderReferral } from '../src/affiliates/provider-referrals.ts';
import type { DomainEventPayloads } from '../src/events/catalog.ts';
import {
  createTestShop,
  paymentMethod,
  signUpClinic,
  staffVisitor,
  uniqueEmail,
  Visitor,
  shareWithClinic,
  type TestShop,
} from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// A clinic's member refers a practitioner; when the practitioner's clinic has its first order paid,
// the referring clinic earns $50 in the one ledger: pending for the refund window, once.
describe('provider referrals', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const day = 24 * 3600 * 1000;
  const password = 'Clinic-passw0rd!';
  let clinics = 0;

  async function newClinic(email?: string) {
    clinics += 1;
    const tag = `${Date.now().toString(36)}r${clinics}`;
    const adminEmail = email ?? `lee@referral-${tag}.example`;
    const admin = await signUpClinic(shop.app, {
      clinicName: `Referral Clinic ${tag}`,
      name: 'Dr. Lee Park',
      email: adminEmail,
      password,
    });
    const dashboard = await admin.get('/api/providers/dashboard');
    return { admin, adminEmail, name: dashboard.json().clinic.name as string };
  }

  const referral = (providerEmail: string) => ({
    yourFirstName: 'Lee',
    yourLastName: 'Park',
    yourEmail: uniqueEmail('referrer'),
    providerFirstName: 'Rosa',
    providerLastName: 'Diaz',
    providerType: 'Registered dietitian' as const,
    providerEmail,
  });

  /** The clinic sends a client an order, and the client signs in from its link, ready to pay. */
  async function sentPayLink(member: Visitor) {
    const { client: payer, token, providerOrderId } = await payLinkHelpers(() => shop).sentLink(member);
    return { payer, token, providerOrderId };
  }

  /** The client pays a sent link: the shop's order's id. */
  async function pay({ payer, token, providerOrderId }: Awaited<ReturnType<typeof sentPayLink>>) {
    const paid = await payer.post(
      '/api/pay-links/pay',
      { token, paymentMethod: await paymentMethod(payer), consents: shareWithClinic },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    return { orderId: paid.json().order.id as string, providerOrderId };
  }

  const paidClinicOrder = async (member: Visitor) => pay(await sentPayLink(member));

  const entriesOfOrder = (orderId: string) =>
    db()
      .select()
      .from(rewardLedger)
      .where(and(eq(rewardLedger.orderId, orderId), eq(rewardLedger.kind, 'provider_referral')));

  it("earns the referring clinic $50 on the referred clinic's first paid order, pending for the window, once", async () => {
    const referrer = await newClinic();
    const referredEmail = `Rosa+clinic@referred-${Date.now().toString(36)}.example`;
    const sent = await referrer.admin.post('/api/providers/referrals', referral(referredEmail));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toMatch(/Thank you for the referral/);
    // the lead is kept as a visitor's would be, and the referral for the clinic, as a mailbox
    const [stored] = await db()
      .select()
      .from(providerReferrals)
      .where(eq(providerReferrals.providerEmail, referredEmail.replace('+clinic', '').toLowerCase()));
    expect(stored).toBeDefined();
    expect(stored!.referredClinicId).toBeNull();

    // the practitioner signs their clinic up with the address (its "+tag" aside) and has an order paid
    const referred = await newClinic(referredEmail.replace('+clinic', ''));
    const first = await paidClinicOrder(referred.admin);
    const entries = await entriesOfOrder(first.orderId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountCents: 5000, status: 'pending', entry: 'earning', affiliateId: null, referrerUserId: null });
    expect(entries[0]!.clinicId).toBe(stored!.referrerClinicId);
    expect(entries[0]!.clearsAt.getTime() - Date.now()).toBeGreaterThan(29 * day);

    // a replayed event, past its record of being handled, changes nothing
    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'provider_order.paid'), eq(domainEvents.subjectId, first.providerOrderId)));
    const payload = event!.payload as DomainEventPayloads['provider_order.paid'];
    await db().transaction((tx) => rewardProviderReferral(tx, payload));
    await db().transaction((tx) => rewardProviderReferral(tx, payload));
    // (the clinic's e-mail that its client paid is sent from the queue first)
    await shop.app.jobs.runDueJobs();
    expect(await shop.app.events.replay(db(), event!.id)).toEqual([]);
    expect(await db().select().from(rewardLedger).where(eq(rewardLedger.clinicId, stored!.referrerClinicId))).toHaveLength(1);

    // the clinic's second order earns nothing more
    const second = await paidClinicOrder(referred.admin);
    expect(await entriesOfOrder(second.orderId)).toHaveLength(0);

    // approved once the refund window has passed, like the other earnings
    await db().transaction((tx) => approveClearedRewards(tx, new Date(Date.now() + 31 * day)));
    const [approved] = await entriesOfOrder(first.orderId);
    expect(approved!.status).toBe('approved');
  });

  it("earns once when the referred clinic's first two orders are paid at the same moment", async () => {
    const referrer = await newClinic();
    const referredEmail = `ida@race-${Date.now().toString(36)}.example`;
    expect((await referrer.admin.post('/api/providers/referrals', referral(referredEmail))).statusCode).toBe(200);
    const referred = await newClinic(referredEmail);
    // the links are sent one after the other (reading the outbox runs the queue), then paid at once
    const links = [await sentPayLink(referred.admin), await sentPayLink(referred.admin)];
    const paid = await Promise.all(links.map(pay));
    const [row] = await db().select().from(providerReferrals).where(eq(providerReferrals.providerEmail, referredEmail));
    const earned = await db().select().from(rewardLedger).where(eq(rewardLedger.clinicId, row!.referrerClinicId));
    expect(earned).toHaveLength(1);
    expect(paid.map((order) => order.orderId)).toContain(earned[0]!.orderId);
    expect(row!.rewardedOrderId).toBe(earned[0]!.orderId);
  });

  it('is voided when the referred order is refunded within the window', async () => {
    const referrer = await newClinic();
    const referredEmail = `sam@refunded-${Date.now().toString(36)}.example`;
    expect((await referrer.admin.post('/api/providers/referrals', referral(referredEmail))).statusCode).toBe(200);
    const referred = await newClinic(referredEmail);
    const paid = await paidClinicOrder(referred.admin);
    expect(await entriesOfOrder(paid.orderId)).toHaveLength(1);
    const operator = await staffVisitor(shop, 'operator');
    const refund = await operator.post(`/api/admin/orders/${paid.orderId}/refund`, {});
    expect(refund.statusCode, refund.body).toBe(200);
    const [voided] = await entriesOfOrder(paid.orderId);
    expect(voided!.status).toBe('voided');
    await db().transaction((tx) => approveClearedRewards(tx, new Date(Date.now() + 31 * day)));
    expect((await entriesOfOrder(paid.orderId))[0]!.status).toBe('voided');
  });

  it('earns nothing for a clinic that refers its own member, and answers only clinic members', async () => {
    const clinic = await newClinic();
    const colleague = `kim@${clinic.adminEmail.split('@')[1]}`;
    expect((await clinic.admin.post('/api/providers/referrals', referral(colleague))).statusCode).toBe(200);
    // the referred address is the clinic's own admin's
    expect((await clinic.admin.post('/api/providers/referrals', referral(clinic.adminEmail.toUpperCase()))).statusCode).toBe(200);
    const paid = await paidClinicOrder(clinic.admin);
    expect(await entriesOfOrder(paid.orderId)).toHaveLength(0);

    // a visitor who is no clinic's member cannot refer for a clinic, and the public form still takes their lead
    const visitor = new Visitor(shop.app);
    const refused = await visitor.post('/api/providers/referrals', referral(uniqueEmail('provider')));
    expect([401, 403]).toContain(refused.statusCode);
    const publicForm = referral(uniqueEmail('provider'));
    const lead = await visitor.post('/api/leads/provider-referral', publicForm);
    expect(lead.statusCode, lead.body).toBe(200);
    const [kept] = await db().select().from(leads).where(eq(leads.email, publicForm.yourEmail));
    expect(kept?.kind).toBe('provider_referral');
  });
});
