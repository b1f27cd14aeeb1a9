import { and, eq } from 'drizzle-orm';
import { auditLog, providerOrderDrafts, providerOrders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, paymentMethod, type TestShop, type Visitor } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// Staff draft orders for a practitioner to send (docs/decisions/0054-staff-order-drafts.md): the
// draft waits for its practitioner (or an admin), who sends it as an ordinary order of the clinic,
// once; anyone else, in the clinic or not, cannot send or read it.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const { newClinic, addClient, inviteAndJoin, payLinkOf } = payLinkHelpers(() => shop);

async function memberIdOf(admin: Visitor, role: 'practitioner' | 'staff' | 'admin', nth = 0) {
  const team = (await admin.get('/api/providers/team')).json<{ members: Array<{ id: string; role: string }> }>();
  return team.members.filter((member) => member.role === role)[nth]!.id;
}

/** A clinic with an admin, two practitioners and a staff member, and a client assigned to the first practitioner. */
async function clinicWithTeam() {
  const { admin, clinicName } = await newClinic();
  const practitioner = await inviteAndJoin(admin, 'practitioner');
  const otherPractitioner = await inviteAndJoin(admin, 'practitioner');
  const staff = await inviteAndJoin(admin, 'staff');
  const practitionerId = await memberIdOf(admin, 'practitioner', 0);
  const otherPractitionerId = await memberIdOf(admin, 'practitioner', 1);
  const client = await addClient(staff);
  expect((await staff.post(`/api/providers/clients/${client.id}/practitioner`, { memberId: practitionerId })).statusCode).toBe(200);
  return { admin, clinicName, practitioner, otherPractitioner, staff, practitionerId, otherPractitionerId, client };
}

describe('an order drafted by staff', () => {
  it('waits for its practitioner, who sends it once as an ordinary order of the clinic', async () => {
    const { admin, practitioner, otherPractitioner, staff, practitionerId, client } = await clinicWithTeam();
    // staff do not order themselves: they draft
    expect((await staff.post('/api/providers/orders', { clientId: client.id, items: ['test-1'] })).statusCode).toBe(403);
    const drafted = await staff.post('/api/providers/drafts', {
      clientId: client.id,
      items: ['test-1', 'food-allergy'],
      payer: 'custom_fee',
      feeCents: 2500,
      practitionerMemberId: practitionerId,
      note: 'Asked for at Tuesday’s visit',
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draft = drafted.json();
    expect(draft).toMatchObject({ clientName: 'Maya Lopez', payer: 'custom_fee', feeCents: 2500, canSend: false, draftedBy: 'Sam staff' });

    // who sees it: its staff member, its practitioner and the admins; not another practitioner
    expect((await staff.get('/api/providers/drafts')).json().drafts.map((one: { id: string }) => one.id)).toEqual([draft.id]);
    expect((await practitioner.get('/api/providers/drafts')).json().drafts).toEqual([
      expect.objectContaining({ id: draft.id, canSend: true }),
    ]);
    expect((await admin.get('/api/providers/drafts')).json().drafts).toEqual([expect.objectContaining({ id: draft.id, canSend: true })]);
    expect((await otherPractitioner.get('/api/providers/drafts')).json().drafts).toEqual([]);
    expect((await otherPractitioner.post(`/api/providers/drafts/${draft.id}/send`)).statusCode).toBe(404);
    expect((await staff.post(`/api/providers/drafts/${draft.id}/send`)).statusCode).toBe(403);
    const other = await newClinic();
    expect((await other.admin.post(`/api/providers/drafts/${draft.id}/send`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/providers/drafts/${draft.id}/discard`)).statusCode).toBe(404);
    expect((await other.admin.get('/api/providers/drafts')).json().drafts).toEqual([]);

    // the practitioner sends it: the client gets the pay link, with the fee the staff member typed
    const sent = await practitioner.post(`/api/providers/drafts/${draft.id}/send`);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ payer: 'custom_fee', state: 'sent', total: '$279.95', fee: '$25.00' });
    expect(await payLinkOf(client.email)).toBeTruthy();
    // sent once: pressed again, it is closed; and it no longer waits
    expect((await practitioner.post(`/api/providers/drafts/${draft.id}/send`)).statusCode).toBe(409);
    expect((await admin.post(`/api/providers/drafts/${draft.id}/discard`)).statusCode).toBe(409);
    expect((await practitioner.get('/api/providers/drafts')).json().drafts).toEqual([]);
    const orders = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.clientId, client.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]!.createdBy).toBe(practitionerId);
    const audits = await shop.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'provider_order_draft'), eq(auditLog.subjectId, draft.id)));
    expect(audits.map((row) => row.action).sort()).toEqual(['provider.draft_send', 'provider.order_draft']);
  });

  it('is refused for a practitioner who does not see the client, or for no one, and bad input changes nothing', async () => {
    const { staff, otherPractitionerId, client, admin } = await clinicWithTeam();
    const base = { clientId: client.id, items: ['test-1'], payer: 'client' };
    const notAssigned = await staff.post('/api/providers/drafts', { ...base, practitionerMemberId: otherPractitionerId });
    expect(notAssigned.statusCode).toBe(409);
    expect(notAssigned.json().message).toBe(
      'This client is assigned to another practitioner. Please choose them, or ask an admin to assign the client.',
    );
    const staffId = await memberIdOf(admin, 'staff');
    expect((await staff.post('/api/providers/drafts', { ...base, practitionerMemberId: staffId })).json().message).toBe(
      'Please choose the practitioner who sends this order',
    );
    expect((await staff.post('/api/providers/drafts', { ...base, practitionerMemberId: crypto.randomUUID() })).statusCode).toBe(409);
    const badFee = await staff.post('/api/providers/drafts', {
      ...base,
      payer: 'custom_fee',
      feeCents: 60_000,
      practitionerMemberId: otherPractitionerId,
    });
    expect(badFee.statusCode).toBe(400);
    const unknownTest = await staff.post('/api/providers/drafts', {
      ...base,
      items: ['test-9999'],
      practitionerMemberId: otherPractitionerId,
    });
    expect(unknownTest.statusCode).toBe(400);
    const adminId = await memberIdOf(admin, 'admin');
    // an admin sees every client: a draft may wait for them
    const forAdmin = await staff.post('/api/providers/drafts', { ...base, practitionerMemberId: adminId });
    expect(forAdmin.statusCode, forAdmin.body).toBe(201);
    const drafts = await shop.database.db.select().from(providerOrderDrafts).where(eq(providerOrderDrafts.clientId, client.id));
    expect(drafts).toHaveLength(1);
    // the staff member who drafted it may discard it
    expect((await staff.post(`/api/providers/drafts/${forAdmin.json().id}/discard`)).statusCode).toBe(200);
    expect((await admin.get('/api/providers/drafts')).json().drafts).toEqual([]);
  });

  it('paid by the clinic, is charged once when sent', async () => {
    const { admin, staff, practitionerId, client, practitioner } = await clinicWithTeam();
    expect(
      (await admin.post('/api/providers/billing/card', { paymentMethod: await paymentMethod(admin, '4242 4242 4242 4242') })).statusCode,
    ).toBe(200);
    const draft = (
      await staff.post('/api/providers/drafts', {
        clientId: client.id,
        items: ['test-1'],
        payer: 'clinic',
        practitionerMemberId: practitionerId,
      })
    ).json();
    const sent = await practitioner.post(`/api/providers/drafts/${draft.id}/send`);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ payer: 'clinic', state: 'paid' });
    const [row] = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.clientId, client.id));
    expect(row!.idempotencyKey).toBe(`draft-${draft.id}`);
  });
});

describe.runIf(postgresTestMode())('a draft sent twice at once, on PostgreSQL', () => {
  it('makes one order', async () => {
    const { admin, staff, practitionerId, client, practitioner } = await clinicWithTeam();
    const draft = (
      await staff.post('/api/providers/drafts', {
        clientId: client.id,
        items: ['test-1'],
        payer: 'client',
        practitionerMemberId: practitionerId,
      })
    ).json();
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => practitioner.post(`/api/providers/drafts/${draft.id}/send`)),
      ...Array.from({ length: 5 }, () => admin.post(`/api/providers/drafts/${draft.id}/send`)),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(9);
    expect(await shop.database.db.select().from(providerOrders).where(eq(providerOrders.clientId, client.id))).toHaveLength(1);
  });
});
