import { and, eq, like } from 'drizzle-orm';
import { clinicCards, domainEvents, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeOrderToClinicCard } from '../src/billing/clinic-charge.ts';
import { reconcilePayments } from '../src/billing/reconcile.ts';
import type { CheckoutDeps } from '../src/billing/attempts.ts';
import {
  createTestShop,
  customerWithCart,
  paymentMethod,
  staffVisitor,
  uniqueEmail,
  type TestShop,
  type Visitor,
  everyConsent,
} from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// The billing module's charge of a clinic's saved card for an order (docs/decisions/0047-clinic-pays.md):
// one attempt per order under the order's lock, its key the gateway's idempotency key, settled like
// a checkout. The "clinic pays" payer is built on it; here the charge is driven directly.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const { newClinic } = payLinkHelpers(() => shop);
const deps = (): CheckoutDeps => ({ db: shop.database.db, gateway: shop.app.payments, events: shop.app.events });

/** A clinic whose admin saved the card with this number; its card as `clinic_cards` keeps it. */
async function clinicWithCard(number: string) {
  const { admin } = await newClinic();
  const saved = await admin.post('/api/providers/billing/card', { paymentMethod: await paymentMethod(admin, number) });
  if (saved.statusCode === 202) {
    await admin.post('/api/payments/test-gateway/authentications', { clientSecret: saved.json().clientSecret, approve: true });
    expect((await admin.post('/api/providers/billing/card/confirm', {})).statusCode).toBe(200);
  } else expect(saved.statusCode, saved.body).toBe(200);
  const last4 = number.replace(/\D/g, '').slice(-4);
  const [card] = await shop.database.db.select().from(clinicCards).where(eq(clinicCards.cardLast4, last4)).orderBy(clinicCards.updatedAt);
  return { gateway: card!.gateway, customerId: card!.customerId, paymentMethod: card!.paymentMethod! };
}

/** An order of the shop waiting for its payment (its customer's own card was declined). */
async function pendingOrder() {
  const email = uniqueEmail('clinic-client');
  const customer: Visitor = await customerWithCart(shop.app, email);
  const placed = await customer.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(customer, '4000 0000 0000 0002') },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(placed.statusCode, placed.body).toBe(402);
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.email, email));
  expect(order!.status).toBe('pending_payment');
  return Object.assign(order!, { customer });
}

const clinicCharges = (orderId: string) =>
  shop.database.db
    .select()
    .from(testGatewayCharges)
    .where(like(testGatewayCharges.idempotencyKey, `clinic:${orderId}:%`));

describe('a clinic’s card pays an order', () => {
  it('once, when two requests race for the same order', async () => {
    const card = await clinicWithCard('4242 4242 4242 4242');
    const order = await pendingOrder();
    const [first, second] = await Promise.all([
      chargeOrderToClinicCard(deps(), order, card, 'clinic-member'),
      chargeOrderToClinicCard(deps(), order, card, 'clinic-member'),
    ]);
    expect(first.status).toBe('paid');
    expect(second.status).toBe('paid');
    const charges = await clinicCharges(order.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: order.totalCents, offSession: true, status: 'succeeded' });
    const attempts = await shop.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'clinic_card')));
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ status: 'succeeded', customerId: card.customerId });
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).not.toBe('pending_payment');
    expect(paid!.paidAt).not.toBeNull();
    // paid by a clinic: its consumers know it (no commission, referral reward or ad conversion)
    const [paidEvent] = await shop.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'order.paid'), eq(domainEvents.subjectId, order.id)));
    expect(paidEvent!.payload).toMatchObject({ orderId: order.id, via: 'clinic' });
    // asked again later: the order is paid, nothing more is charged
    expect((await chargeOrderToClinicCard(deps(), paid!, card, 'clinic-member')).status).toBe('paid');
    expect(await clinicCharges(order.id)).toHaveLength(1);
  });

  it('leaves the order unpaid when the card is declined, and a retry is a new attempt', async () => {
    // saved fine, declined when charged without its holder
    const card = await clinicWithCard('4000 0000 0000 0341');
    const order = await pendingOrder();
    expect(await chargeOrderToClinicCard(deps(), order, card, 'clinic-member')).toEqual({
      status: 'declined',
      declineCode: 'card_declined',
    });
    const [unpaid] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unpaid).toMatchObject({ status: 'pending_payment', paidAt: null });
    expect((await chargeOrderToClinicCard(deps(), order, card, 'clinic-member')).status).toBe('declined');
    expect((await clinicCharges(order.id)).map((charge) => charge.idempotencyKey).sort()).toEqual([
      `clinic:${order.id}:1`,
      `clinic:${order.id}:2`,
    ]);
  });

  it('waits for the card’s holder when the bank asks, without charging again', async () => {
    const card = await clinicWithCard('4000 0027 6000 3184');
    const order = await pendingOrder();
    expect(await chargeOrderToClinicCard(deps(), order, card, 'clinic-member')).toEqual({ status: 'needs_authentication' });
    expect(await chargeOrderToClinicCard(deps(), order, card, 'clinic-member')).toEqual({ status: 'needs_authentication' });
    expect(await clinicCharges(order.id)).toHaveLength(1);
    const [unpaid] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unpaid!.status).toBe('pending_payment');
  });

  it('is settled by reconciliation after a stop between the charge and its write, with the same key', async () => {
    const card = await clinicWithCard('4242 4242 4242 4242');
    const order = await pendingOrder();
    const attemptKey = `clinic:${order.id}:1`;
    // the attempt was written and the gateway charged, then the process stopped
    await shop.database.db.insert(payments).values({
      orderId: order.id,
      purpose: 'clinic_card',
      gateway: card.gateway,
      provider: card.gateway,
      attemptKey,
      paymentMethod: card.paymentMethod,
      customerId: card.customerId,
      amountCents: order.totalCents,
      status: 'started',
    });
    await shop.app.payments.chargeSaved({
      amountCents: order.totalCents,
      currency: 'usd',
      customerId: card.customerId,
      paymentMethod: card.paymentMethod,
      idempotencyKey: attemptKey,
      description: 'charged before the stop',
      metadata: { orderId: order.id, purpose: 'clinic_card' },
    });
    const report = await reconcilePayments(deps(), { olderThanMs: 0 });
    expect(report.paid).toBeGreaterThanOrEqual(1);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.paidAt).not.toBeNull();
    expect(await clinicCharges(order.id)).toHaveLength(1);
  });

  it('goes back to the clinic’s card when the clinician declines the order', async () => {
    const card = await clinicWithCard('4242 4242 4242 4242');
    const order = await pendingOrder();
    expect((await chargeOrderToClinicCard(deps(), order, card, 'clinic-member')).status).toBe('paid');
    // the client's own steps, then the clinician's decline
    const home = { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' };
    expect((await order.customer.post(`/api/orders/${order.id}/collection`, home)).statusCode).toBe(200);
    const profile = { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' };
    expect((await order.customer.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
    const clinician = await staffVisitor(shop, 'clinician');
    const declined = await clinician.post(`/api/admin/orders/${order.id}/decline`, { reason: 'Not suitable' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('refunded');
    const [charge] = await clinicCharges(order.id);
    expect(charge).toMatchObject({ customerId: card.customerId, refundedCents: order.totalCents });
  });
});
