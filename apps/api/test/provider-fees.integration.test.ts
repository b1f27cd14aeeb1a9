import { and, eq, like } from 'drizzle-orm';
import { domainEventHandlings, domainEvents, orders, providerOrders, rewardLedger, testGatewayCharges } from '@shop/db';
import { clinicFeeLabel, providerOrderMessages } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveClearedRewards } from '../src/affiliates/ledger.ts';
import { createTestShop, mailbox, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// a clinic's own fee on its client's order: bounded, shown as its own line, in the order's total,
// receipt and console page, owed to the clinic in the ledger, and refunded with the order.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const { newClinic, addClient, inviteAndJoin, payByLink, sendOrder } = payLinkHelpers(() => shop);

interface FeeLedger {
  earned: string;
  refunded: string;
  paidOut: string;
  owed: string;
  entries: { orderNumber: number; clientName: string | null; amount: string; state: string }[];
}

async function ledgerOf(admin: Visitor): Promise<FeeLedger> {
  const response = await admin.get('/api/providers/fees');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A custom-fee order of $79.95 plus a $25.00 fee, paid by the client from the e-mail's link. */
async function paidFeeOrder() {
  const clinic = await newClinic();
  const client = await addClient(clinic.admin);
  const sent = await sendOrder(clinic.admin, client.id, ['test-1'], { payer: 'custom_fee', feeCents: 2500 });
  const { token, payer, order } = await payByLink(client.email);
  return { ...clinic, client, sent, token, payer, order };
}

describe('a custom-fee order', () => {
  it('refuses a fee outside $0 to $500, or a fee without the custom fee payer, and changes nothing', async () => {
    const { admin } = await newClinic();
    const client = await addClient(admin);
    for (const body of [
      { payer: 'custom_fee', feeCents: 50_001, message: providerOrderMessages.feeBounds },
      { payer: 'custom_fee', feeCents: -100, message: providerOrderMessages.feeBounds },
      { payer: 'custom_fee', message: providerOrderMessages.feeBounds },
      { payer: 'client', feeCents: 2500, message: providerOrderMessages.feeOnlyWithCustomFee },
    ]) {
      const { message, ...pay } = body;
      const refused = await admin.post('/api/providers/orders', { clientId: client.id, items: ['test-1'], ...pay });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toContain(message);
    }
    const list = await admin.get(`/api/providers/orders?clientId=${client.id}`);
    expect(list.json().orders).toEqual([]);
    expect(await mailbox(shop, client.email)).toEqual([]);
    // the top of the range is a fee like any other
    const highest = await sendOrder(admin, client.id, ['test-1'], { payer: 'custom_fee', feeCents: 50_000 });
    expect(highest).toMatchObject({ payer: 'custom_fee', fee: '$500.00', total: '$579.95' });
  });

  it('shows the fee as its own line with the clinic’s name, charges it in the order’s total, its receipt and its console page', async () => {
    const { admin, clinicName, client, sent, token, payer, order } = await paidFeeOrder();
    const label = clinicFeeLabel(clinicName);
    expect(sent).toMatchObject({ payer: 'custom_fee', fee: '$25.00', total: '$104.95' });
    const invitation = (await mailbox(shop, client.email)).find((mail) => mail.text.includes('checkout-practitioners'))!;
    expect(invitation.text).toContain(`${label}: $25.00, included in the total.`);

    const opened = await new Visitor(shop.app).post('/api/pay-links/open', { token });
    expect(opened.json()).toMatchObject({
      items: [{ title: 'Cholesterol & Lipids Test', price: '$79.95' }],
      fee: { label, amount: '$25.00' },
      total: '$104.95',
      refundNote: providerOrderMessages.declineRefundWithFee,
    });

    // one charge of the tests and the fee, and the fee a real line of the order
    expect(order.total).toBe('$104.95');
    const charges = await shop.database.db
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `checkout:${order.id}:%`));
    expect(charges.map((charge) => charge.amountCents)).toEqual([10_495]);
    const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ subtotalCents: 7995, feeCents: 2500, feeLabel: label, totalCents: 10_495 });
    const mine = await payer.get(`/api/orders/${order.id}`);
    expect(mine.json()).toMatchObject({ total: '$104.95', fee: { label, amount: '$25.00' } });
    const operator = await staffVisitor(shop, 'operator');
    const consolePage = await operator.get(`/api/admin/orders/${order.id}`);
    expect(consolePage.statusCode, consolePage.body).toBe(200);
    expect(consolePage.json()).toMatchObject({ total: '$104.95', fee: { label, amount: '$25.00' } });
    const receipt = (await mailbox(shop, client.email)).find((mail) => mail.template === 'receipt')!;
    expect(receipt.text).toContain(`${label}: $25.00`);
    expect(receipt.text).toContain('Total paid: $104.95');

    // owed to the clinic: earned, then approved for its payout once the refund window passed
    const ledger = await ledgerOf(admin);
    expect(ledger).toMatchObject({ earned: '$25.00', refunded: '$0.00', owed: '$25.00' });
    expect(ledger.entries).toEqual([
      expect.objectContaining({ orderNumber: order.number, clientName: 'Maya Lopez', amount: '$25.00', state: 'earned' }),
    ]);
    // the event handled again (its handling forgotten) writes nothing twice
    const db = shop.database.db;
    const [event] = await db.select().from(domainEvents).where(eq(domainEvents.subjectId, sent.id));
    await db
      .delete(domainEventHandlings)
      .where(and(eq(domainEventHandlings.eventId, event!.id), eq(domainEventHandlings.handler, 'providers.clinic-fee')));
    expect(await shop.app.events.replay(db, event!.id)).toEqual(['providers.clinic-fee']);
    expect((await ledgerOf(admin)).entries).toHaveLength(1);
  });

  it('gives everything back when a clinician declines, the fee included, and the ledger says refunded', async () => {
    const { admin, order } = await paidFeeOrder();
    // the order reached its approval (its collection and profile, as the console would see them)
    await shop.database.db.update(orders).set({ status: 'approval_pending' }).where(eq(orders.id, order.id));
    const clinician = await staffVisitor(shop, 'clinician');
    const declined = await clinician.post(`/api/admin/orders/${order.id}/decline`, { reason: 'Not suitable' });
    expect(declined.statusCode, declined.body).toBe(200);
    const [charge] = await shop.database.db
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `checkout:${order.id}:%`));
    expect(charge).toMatchObject({ amountCents: 10_495, refundedCents: 10_495 });
    const ledger = await ledgerOf(admin);
    expect(ledger).toMatchObject({ earned: '$25.00', refunded: '$25.00', owed: '$0.00' });
    expect(ledger.entries.map((entry) => entry.state)).toEqual(['refunded']);
  });

  it('claws an approved fee back when the order is refunded after the refund window', async () => {
    const { admin, order } = await paidFeeOrder();
    const [entry] = await shop.database.db
      .select()
      .from(rewardLedger)
      .where(and(eq(rewardLedger.orderId, order.id), eq(rewardLedger.kind, 'clinic_fee')));
    await shop.database.db.transaction((tx) => approveClearedRewards(tx, new Date(entry!.clearsAt.getTime() + 1000)));
    expect((await ledgerOf(admin)).owed).toBe('$25.00');
    const operator = await staffVisitor(shop, 'operator');
    expect((await operator.post(`/api/admin/orders/${order.id}/refund`, {})).statusCode).toBe(200);
    const ledger = await ledgerOf(admin);
    expect(ledger).toMatchObject({ earned: '$25.00', refunded: '$25.00', owed: '$0.00' });
    expect(ledger.entries.map((entry) => entry.state).sort()).toEqual(['earned', 'refunded']);
  });

  it('keeps the ledger to the clinic’s admins: another clinic’s admin sees none of it, a practitioner is refused', async () => {
    const { admin, order } = await paidFeeOrder();
    const other = await newClinic();
    expect((await ledgerOf(other.admin)).entries).toEqual([]);
    expect((await ledgerOf(admin)).entries.map((entry) => entry.orderNumber)).toEqual([order.number]);
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    expect((await practitioner.get('/api/providers/fees')).statusCode).toBe(403);
    expect((await new Visitor(shop.app).get('/api/providers/fees')).statusCode).toBe(401);
    const [row] = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.orderId, order.id));
    expect(row!.feeCents).toBe(2500);
  });
});
