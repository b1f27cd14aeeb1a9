import { and, eq } from 'drizzle-orm';
import { domainEvents, orderEvents, orderKits, orders, payments, testGatewayCharges } from '@shop/db';
import { memberCancelMessages } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, everyConsent, paymentMethod, staffVisitor, type Visitor, type TestShop } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';

// A member cancels their own order before it ships, for a full refund, exactly once
// (docs/decisions/0069-consents-the-api-records.md).
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const db = () => shop.database.db;

async function paidOrder(): Promise<{ visitor: Visitor; orderId: string }> {
  const visitor = await customerWithCart(shop.app);
  const placed = await visitor.post(
    '/api/checkout/orders',
    { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
    { 'idempotency-key': crypto.randomUUID() },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return { visitor, orderId: placed.json().order.id };
}

/** The order's kits as the console's tracks leave them, once a clinician approved it for a home kit. */
async function approvedWithKit(orderId: string, kitStatus: 'preparing' | 'shipped') {
  await db()
    .update(orders)
    .set({ status: kitStatus === 'preparing' ? 'kit_preparing' : 'kit_shipped' })
    .where(eq(orders.id, orderId));
  await db().insert(orderKits).values({ orderId, kitSlug: 'daily-rhythm-saliva', title: 'Daily rhythm saliva kit', status: kitStatus });
}

async function refundsOf(orderId: string) {
  const [events, steps, paid] = await Promise.all([
    db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'order.refunded'), eq(domainEvents.subjectId, orderId))),
    db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)),
    db().select().from(payments).where(eq(payments.orderId, orderId)),
  ]);
  return { events: events.length, steps: steps.map((step) => step.event), paid };
}

describe('cancel before shipping', () => {
  it('refunds the member in full and shows the order refunded; a second press answers the same', async () => {
    const { visitor, orderId } = await paidOrder();
    expect((await visitor.get(`/api/orders/${orderId}`)).json().selfCancel).toBe(true);
    const cancelled = await visitor.post(`/api/account/orders/${orderId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'refunded', selfCancel: false });
    const again = await visitor.post(`/api/account/orders/${orderId}/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('refunded');

    const { events, steps, paid } = await refundsOf(orderId);
    expect(events).toBe(1);
    expect(steps.filter((step) => step === 'member_cancel')).toHaveLength(1);
    expect(steps.filter((step) => step === 'refund')).toHaveLength(1);
    const checkout = paid.find((payment) => payment.purpose === 'checkout')!;
    expect(checkout.refundedCents).toBe(checkout.amountCents);
    const [charge] = await db().select().from(testGatewayCharges).where(eq(testGatewayCharges.id, checkout.gatewayPaymentId!));
    expect(charge!.refundedCents).toBe(charge!.amountCents);
  });

  it('lets the member cancel while the kit is prepared, and not once it shipped', async () => {
    const preparing = await paidOrder();
    await approvedWithKit(preparing.orderId, 'preparing');
    expect((await preparing.visitor.post(`/api/account/orders/${preparing.orderId}/cancel`)).json().status).toBe('refunded');

    const shipped = await paidOrder();
    await approvedWithKit(shipped.orderId, 'shipped');
    expect((await shipped.visitor.get(`/api/orders/${shipped.orderId}`)).json().selfCancel).toBe(false);
    const refused = await shipped.visitor.post(`/api/account/orders/${shipped.orderId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'ORDER_NOT_CANCELLABLE', message: memberCancelMessages.shipped });
    expect((await refundsOf(shipped.orderId)).events).toBe(0);
  });

  it('answers another customer’s order, and an id that is none, as not found', async () => {
    const { visitor, orderId } = await paidOrder();
    const stranger = await customerWithCart(shop.app);
    expect((await stranger.post(`/api/account/orders/${orderId}/cancel`)).statusCode).toBe(404);
    expect((await visitor.post('/api/account/orders/not-an-id/cancel')).statusCode).toBe(404);
  });

  describe.runIf(postgresTestMode())('races on PostgreSQL', () => {
    it('10 presses at once refund once and record one refund', async () => {
      const { visitor, orderId } = await paidOrder();
      const answers = await Promise.all(Array.from({ length: 10 }, () => visitor.post(`/api/account/orders/${orderId}/cancel`)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(new Set(answers.map((answer) => answer.json().status))).toEqual(new Set(['refunded']));
      const { events, steps } = await refundsOf(orderId);
      expect(events).toBe(1);
      expect(steps.filter((step) => step === 'member_cancel')).toHaveLength(1);
      expect(steps.filter((step) => step === 'refund')).toHaveLength(1);
    });

    it('a cancel racing the operator’s shipment: either the kit ships and nothing is refunded, or it is refunded and nothing ships', async () => {
      const operator = await staffVisitor(shop, 'operator');
      for (let round = 0; round < 3; round += 1) {
        const { visitor, orderId } = await paidOrder();
        await approvedWithKit(orderId, 'preparing');
        const [cancel, ship] = await Promise.all([
          visitor.post(`/api/account/orders/${orderId}/cancel`),
          operator.post(`/api/admin/orders/${orderId}/kits/daily-rhythm-saliva/ship`, { trackingNumber: `1Z${round}RACE` }),
        ]);
        const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
        const [kit] = await db().select().from(orderKits).where(eq(orderKits.orderId, orderId));
        const { events } = await refundsOf(orderId);
        if (cancel.statusCode === 200) {
          expect(ship.statusCode).toBe(409);
          expect(order!.status).toBe('refunded');
          expect(kit!.status).toBe('preparing');
          expect(events).toBe(1);
        } else {
          expect(cancel.statusCode).toBe(409);
          expect(ship.statusCode).toBe(200);
          expect(kit!.status).toBe('shipped');
          expect(events).toBe(0);
        }
      }
    });
  });
});
