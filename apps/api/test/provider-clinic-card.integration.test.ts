import { and, eq, inArray } from 'drizzle-orm';
import { clinicCardMessages } from '@shop/core';
import { auditLog, clinicCards, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, paymentMethod, Visitor, type TestShop } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// a clinic's card, saved by its admin with nothing charged (docs/decisions/0047-clinic-pays.md):
// one per clinic, only the gateway's references and what the dashboard shows, admins only.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const { newClinic, inviteAndJoin } = payLinkHelpers(() => shop);

async function saveCard(admin: Visitor, number = '4242 4242 4242 4242') {
  return admin.post('/api/providers/billing/card', { paymentMethod: await paymentMethod(admin, number) });
}

const removeCard = (member: Visitor) => member.request({ method: 'DELETE', url: '/api/providers/billing/card' });

describe('the clinic’s card', () => {
  it('is saved by an admin with nothing charged, shown as brand, last four and expiry, replaced and removed', async () => {
    const { admin } = await newClinic();
    expect((await admin.get('/api/providers/billing/card')).json()).toEqual({ card: null, awaitingBank: false });

    const saved = await saveCard(admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, label: 'Visa ending 4242, expires 12/34' },
      awaitingBank: false,
    });
    expect((await admin.get('/api/providers/billing/card')).json()).toEqual(saved.json());

    // kept: the gateway's references and what the page shows, never the number; nothing charged
    const [row] = await shop.database.db.select().from(clinicCards).where(eq(clinicCards.cardLast4, '4242')).limit(1);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    const [setup] = await shop.database.db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.paymentMethod, row!.paymentMethod!));
    expect(setup).toMatchObject({ kind: 'setup', amountCents: 0, status: 'succeeded' });

    // a new card replaces it, on the same gateway customer
    const replaced = await saveCard(admin, '4000 0000 0000 0341');
    expect(replaced.json().card).toMatchObject({ brand: 'visa', last4: '0341' });
    const rows = await shop.database.db.select().from(clinicCards).where(eq(clinicCards.clinicId, row!.clinicId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.customerId).toBe(row!.customerId);

    const removed = await removeCard(admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ card: null, awaitingBank: false });
    expect((await removeCard(admin)).statusCode).toBe(404);

    const actions = await shop.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, row!.clinicId), inArray(auditLog.action, ['provider.card_save', 'provider.card_remove'])));
    expect(actions.map((entry) => entry.action).sort()).toEqual(['provider.card_remove', 'provider.card_save', 'provider.card_save']);
  });

  it('saves a double click once at the gateway', async () => {
    const { admin } = await newClinic();
    const method = await paymentMethod(admin);
    const [first, second] = await Promise.all([
      admin.post('/api/providers/billing/card', { paymentMethod: method }),
      admin.post('/api/providers/billing/card', { paymentMethod: method }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const setups = await shop.database.db.select().from(testGatewayCharges).where(eq(testGatewayCharges.paymentMethod, method));
    expect(setups).toHaveLength(1);
  });

  it('refuses a declined card with a clear message, keeping the card in use', async () => {
    const { admin } = await newClinic();
    await saveCard(admin);
    const declined = await saveCard(admin, '4000 0000 0000 0002');
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().message).toBe(clinicCardMessages.declined);
    expect((await admin.get('/api/providers/billing/card')).json().card).toMatchObject({ last4: '4242' });
  });

  it('waits for the bank’s check of a card that asks for one, then saves it; a failed check keeps the old card', async () => {
    const { admin } = await newClinic();
    await saveCard(admin);
    const asked = await saveCard(admin, '4000 0025 0000 3155');
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await admin.get('/api/providers/billing/card')).json()).toMatchObject({ card: { last4: '4242' }, awaitingBank: true });
    // not checked yet
    const early = await admin.post('/api/providers/billing/card/confirm', {});
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().message).toBe(clinicCardMessages.needsAuthentication);

    const approved = await admin.post('/api/payments/test-gateway/authentications', {
      clientSecret: asked.json().clientSecret,
      approve: true,
    });
    expect(approved.json()).toEqual({ status: 'succeeded' });
    const confirmed = await admin.post('/api/providers/billing/card/confirm', {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ card: { last4: '3155' }, awaitingBank: false });

    const again = await saveCard(admin, '4000 0025 0000 3155');
    await admin.post('/api/payments/test-gateway/authentications', { clientSecret: again.json().clientSecret, approve: false });
    const refused = await admin.post('/api/providers/billing/card/confirm', {});
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().message).toBe(clinicCardMessages.authenticationFailed);
    expect((await admin.get('/api/providers/billing/card')).json()).toMatchObject({ card: { last4: '3155' }, awaitingBank: false });
    expect((await admin.post('/api/providers/billing/card/confirm', {})).statusCode).toBe(409);
  });

  it('is the admins’ alone: practitioners and staff are refused, and nothing is written', async () => {
    const { admin } = await newClinic();
    await saveCard(admin);
    for (const role of ['practitioner', 'staff'] as const) {
      const member = await inviteAndJoin(admin, role);
      expect((await member.get('/api/providers/billing/card')).statusCode).toBe(403);
      expect((await saveCard(member, '4000 0000 0000 0341')).statusCode).toBe(403);
      expect((await member.post('/api/providers/billing/card/confirm', {})).statusCode).toBe(403);
      expect((await removeCard(member)).statusCode).toBe(403);
    }
    expect((await admin.get('/api/providers/billing/card')).json().card).toMatchObject({ last4: '4242' });
  });

  it('is never another clinic’s: its admin sees no card, and removing one is a 404 that leaves the card', async () => {
    const first = await newClinic();
    const other = await newClinic();
    await saveCard(first.admin);
    expect((await other.admin.get('/api/providers/billing/card')).json()).toEqual({ card: null, awaitingBank: false });
    expect((await removeCard(other.admin)).statusCode).toBe(404);
    expect((await other.admin.post('/api/providers/billing/card/confirm', {})).statusCode).toBe(409);
    expect((await first.admin.get('/api/providers/billing/card')).json().card).toMatchObject({ last4: '4242' });
  });

  it('is refused to a signed-out visitor', async () => {
    expect((await new Visitor(shop.app).get('/api/providers/billing/card')).statusCode).toBe(401);
  });
});
