import { and, eq } from 'drizzle-orm';
import { auditLog, orderKits, orderReviews, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, paymentMethod, staffVisitor, type Visitor, type TestShop, everyConsent } from './helpers.ts';

// The physician of record (docs/decisions/0067-a-physician-of-record.md): operators keep each
// clinician's licences; an order is approved only by one licensed, that day, where the person
// tested lives, who is then named on the order; the orders no one may approve wait in a queue.
// This file's shop has only the clinicians it licenses itself.

let shop: TestShop;
let operator: Visitor;
let ana: Visitor;
let ben: Visitor;
let anaId: string;
beforeAll(async () => {
  shop = await createTestShop();
  operator = await staffVisitor(shop, 'operator');
  ana = await staffVisitor(shop, 'clinician', { licensed: false });
  ben = await staffVisitor(shop, 'clinician', { licensed: false });
  anaId = (await ana.get('/api/auth/get-session')).json().user.id;
});
afterAll(() => shop.close());

const addresses = {
  TX: { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
  WY: { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Capitol Ave', city: 'Cheyenne', zipCode: '82001' },
} as const;

/** A paid order of a person living in `state`, with its kit chosen and profile filled: waiting for a clinician. */
async function awaitingApproval(state: keyof typeof addresses) {
  const customer = await customerWithCart(shop.app);
  const placed = await customer.post(
    '/api/checkout/orders',
    { testedState: state, consents: everyConsent, paymentMethod: await paymentMethod(customer) },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const id: string = placed.json().order.id;
  expect((await customer.post(`/api/orders/${id}/collection`, addresses[state])).statusCode).toBe(200);
  const profile = { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state, conditions: '', medications: '' };
  expect((await customer.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
  return { customer, id, number: placed.json().order.number as number };
}

const license = (clinicianId: string, licence: { state: string; number: string; expiresOn: string }) =>
  operator.post(`/api/admin/clinicians/${clinicianId}/licences`, licence);

describe('licences kept by operators', () => {
  it('are recorded, renewed and removed by operators only, each change audited', async () => {
    const bad = await license(anaId, { state: 'XX', number: '', expiresOn: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect(
      (await ana.post(`/api/admin/clinicians/${anaId}/licences`, { state: 'CA', number: 'A1', expiresOn: '2030-01-31' })).statusCode,
    ).toBe(403);
    expect((await license('no-such-clinician', { state: 'CA', number: 'A1', expiresOn: '2030-01-31' })).statusCode).toBe(404);

    expect((await license(anaId, { state: 'CA', number: 'A1', expiresOn: '2026-01-31' })).statusCode).toBe(200);
    const renewed = await license(anaId, { state: 'CA', number: 'A1', expiresOn: '2030-01-31' });
    expect(renewed.json().clinicians.find((clinician: { id: string }) => clinician.id === anaId).licences).toEqual([
      { state: 'CA', number: 'A1', expiresOn: '2030-01-31' },
    ]);
    const removed = await operator.post(`/api/admin/clinicians/${anaId}/licences/CA/remove`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await operator.post(`/api/admin/clinicians/${anaId}/licences/CA/remove`, {})).statusCode).toBe(404);

    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, `${anaId}:CA`));
    expect(audits.map((row) => row.action)).toEqual(['clinician_licence.add', 'clinician_licence.renew', 'clinician_licence.remove']);
    expect(audits[1]!.detail).toMatchObject({ expiresOn: '2030-01-31', before: { expiresOn: '2026-01-31' } });
  });
});

describe('approving an order', () => {
  it('is refused to a clinician not licensed where the person tested lives, and the console says why', async () => {
    const { id } = await awaitingApproval('TX');
    await license(anaId, { state: 'CA', number: 'A2', expiresOn: '2030-01-31' });
    const viewed = (await ana.get(`/api/admin/orders/${id}`)).json();
    expect(viewed.actions.find((action: { action: string }) => action.action === 'approve')).toEqual({ action: 'approve', allowed: false });
    expect(viewed.approval).toEqual({
      testedState: 'TX',
      licence: null,
      refusal: 'Only a clinician licensed in Texas, where the person tested lives, may approve this order, and you hold no Texas licence.',
    });
    const refused = await ana.post(`/api/admin/orders/${id}/approve`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('NOT_LICENSED_IN_STATE');
    expect((await ana.get(`/api/admin/orders/${id}`)).json()).toMatchObject({ status: 'approval_pending', kits: [], physician: null });
  });

  it('is refused under an expired licence', async () => {
    const { id } = await awaitingApproval('TX');
    await license(anaId, { state: 'TX', number: 'Q-1234', expiresOn: '2025-06-30' });
    const refused = await ana.post(`/api/admin/orders/${id}/approve`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'LICENCE_EXPIRED',
      message: expect.stringContaining('Texas licence Q-1234 expired on 2025-06-30'),
    });
  });

  it('by a clinician licensed there names them, with the licence, on the order for the member and the console', async () => {
    const { customer, id } = await awaitingApproval('TX');
    await license(anaId, { state: 'TX', number: 'Q-1234', expiresOn: '2030-06-30' });
    expect((await ana.get(`/api/admin/orders/${id}`)).json().approval).toEqual({
      testedState: 'TX',
      licence: 'Texas licence Q-1234',
      refusal: null,
    });
    const approved = await ana.post(`/api/admin/orders/${id}/approve`, { reason: 'Profile reviewed' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'kit_preparing', physician: { licence: 'Texas licence Q-1234', licenceState: 'TX' } });
    const mine = (await customer.get(`/api/orders/${id}`)).json();
    expect(mine.physician).toMatchObject({
      name: 'clinician',
      licenceState: 'TX',
      licenceNumber: 'Q-1234',
      licence: 'Texas licence Q-1234',
    });

    // a licence renewed or removed later leaves the order as it was approved
    await operator.post(`/api/admin/clinicians/${anaId}/licences/TX/remove`, {});
    expect((await customer.get(`/api/orders/${id}`)).json().physician.licence).toBe('Texas licence Q-1234');
    await license(anaId, { state: 'TX', number: 'Q-1234', expiresOn: '2030-06-30' });
  });
});

describe('the approval queue', () => {
  it('shows the orders no clinician may approve with their age, until an operator licenses one', async () => {
    const { id, number } = await awaitingApproval('WY');
    const queued = (await operator.get('/api/admin/orders/approval-queue')).json().orders;
    expect(queued.find((order: { id: string }) => order.id === id)).toEqual({
      id,
      number,
      testedState: 'WY',
      stateName: 'Wyoming',
      waitingSince: expect.any(String),
      ageHours: 0,
      lane: 'unlicensed',
      refusal: null,
    });
    const forAna = (await ana.get('/api/admin/orders/approval-queue')).json().orders.find((order: { id: string }) => order.id === id);
    expect(forAna).toMatchObject({ lane: 'unlicensed', refusal: expect.stringContaining('licensed in Wyoming') });

    await license(anaId, { state: 'WY', number: 'WY-77', expiresOn: '2030-06-30' });
    const lanes = async (clinician: Visitor) =>
      (await clinician.get('/api/admin/orders/approval-queue')).json().orders.find((order: { id: string }) => order.id === id).lane;
    expect(await lanes(ana)).toBe('yours');
    expect(await lanes(ben)).toBe('others');
    expect((await ana.post(`/api/admin/orders/${id}/approve`, {})).statusCode).toBe(200);
    const after = (await operator.get('/api/admin/orders/approval-queue')).json().orders;
    expect(after.map((order: { id: string }) => order.id)).not.toContain(id);
  });
});

describe('declining an order', () => {
  it('refunds it once, whatever races it: a second decline, or an approval', async () => {
    for (let round = 0; round < 3; round += 1) {
      const twice = await awaitingApproval('TX');
      const declines = await Promise.all([
        ana.post(`/api/admin/orders/${twice.id}/decline`, { reason: 'Not suitable' }),
        ana.post(`/api/admin/orders/${twice.id}/decline`, { reason: 'Not suitable' }),
      ]);
      expect(declines.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      await expectRefunded(twice.id);

      const raced = await awaitingApproval('TX');
      const [approval, decline] = await Promise.all([
        ana.post(`/api/admin/orders/${raced.id}/approve`, {}),
        ana.post(`/api/admin/orders/${raced.id}/decline`, { reason: 'Not suitable' }),
      ]);
      expect([approval.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
      if (decline.statusCode === 200) await expectRefunded(raced.id);
      else await expectApproved(raced.id);
    }
  });
});

async function chargeOf(orderId: string) {
  const [payment] = await shop.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  const [charge] = await shop.database.db.select().from(testGatewayCharges).where(eq(testGatewayCharges.id, payment!.gatewayPaymentId!));
  return { payment: payment!, charge: charge! };
}

async function expectRefunded(orderId: string) {
  const { payment, charge } = await chargeOf(orderId);
  expect([payment.refundedCents, charge.refundedCents]).toEqual([payment.amountCents, payment.amountCents]);
  expect(await shop.database.db.select().from(orderKits).where(eq(orderKits.orderId, orderId))).toEqual([]);
  const [review] = await shop.database.db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId));
  expect(review?.outcome).toBe('declined');
  expect((await operator.get(`/api/admin/orders/${orderId}`)).json()).toMatchObject({ status: 'refunded', physician: null });
}

async function expectApproved(orderId: string) {
  const { payment, charge } = await chargeOf(orderId);
  expect([payment.refundedCents, charge.refundedCents]).toEqual([0, 0]);
  expect(await shop.database.db.select().from(orderKits).where(eq(orderKits.orderId, orderId))).toHaveLength(1);
  expect((await operator.get(`/api/admin/orders/${orderId}`)).json()).toMatchObject({
    status: 'kit_preparing',
    physician: { licenceState: 'TX' },
  });
}
