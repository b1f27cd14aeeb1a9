import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLinkHelpers } from './provider-helpers.ts';
import { createTestShop, staffVisitor, type TestShop, type Visitor } from './helpers.ts';

let shop: TestShop;
let operator: Visitor;
const clinics = payLinkHelpers(() => shop);

beforeAll(async () => {
  shop = await createTestShop();
  operator = await staffVisitor(shop, 'operator');
});
afterAll(() => shop.close());

describe('the console’s clinics', () => {
  it('lists a clinic in counts and shows its account, its orders by number and its fee, never a client', async () => {
    const { admin, clinicName, adminEmail } = await clinics.newClinic();
    await clinics.inviteAndJoin(admin, 'staff');
    const invited = await admin.post('/api/providers/team/invitations', {
      email: 'waiting@clinic.example',
      name: 'Wes Waiting',
      role: 'practitioner',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const client = await clinics.addClient(admin);
    await clinics.sendOrder(admin, client.id, ['test-1'], { payer: 'custom_fee', feeCents: 2500 });
    const { order } = await clinics.payByLink(client.email);
    await clinics.sendOrder(admin, (await clinics.addClient(admin)).id, ['test-1']);

    const list = await operator.get('/api/admin/clinics');
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().clinics.find((row: { name: string }) => row.name === clinicName);
    expect(listed).toMatchObject({ people: 2, clients: 2, payLinks: 2, paid: 1, hasCard: false });

    const page = await operator.get(`/api/admin/clinics/${listed.id}`);
    expect(page.statusCode, page.body).toBe(200);
    const clinic = page.json();
    expect(clinic.name).toBe(clinicName);
    expect(clinic.people.map((person: { email: string; role: string }) => person.role).sort()).toEqual(['admin', 'staff']);
    expect(clinic.people.some((person: { email: string }) => person.email === adminEmail)).toBe(true);
    expect(clinic.invitations).toEqual([expect.objectContaining({ email: 'waiting@clinic.example', role: 'practitioner', state: 'sent' })]);
    expect(clinic.card).toBeNull();
    expect(clinic.counts).toMatchObject({ waiting: 1, expired: 0, paid: 1, paidElsewhere: 0, cancelled: 0 });
    expect(clinic.fees).toEqual({ earnedCents: 2500, refundedCents: 0, paidOutCents: 0, owedCents: 2500 });
    expect(clinic.recent).toHaveLength(2);
    const paid = clinic.recent.find((row: { state: string }) => row.state === 'paid');
    expect(paid.order).toMatchObject({ id: order.id, number: order.number });
    expect(paid.feeCents).toBe(2500);
    // the client is the clinic's and the member's: neither their name nor their e-mail is on the page
    expect(page.body).not.toContain('Lopez');
    expect(page.body).not.toContain(client.email);
  });

  it('answers 404 for an unknown clinic and 400 for an id that is not one', async () => {
    const missing = await operator.get('/api/admin/clinics/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('CLINIC_NOT_FOUND');
    expect((await operator.get('/api/admin/clinics/not-an-id')).statusCode).toBe(400);
  });

  it('is for operators and support, not for coaches or the clinics themselves', async () => {
    const coach = await staffVisitor(shop, 'coach');
    expect((await coach.get('/api/admin/clinics')).statusCode).toBe(403);
    const support = await staffVisitor(shop, 'support');
    expect((await support.get('/api/admin/clinics')).statusCode).toBe(200);
    const { admin } = await clinics.newClinic();
    expect((await admin.get('/api/admin/clinics')).statusCode).toBe(403);
  });
});
