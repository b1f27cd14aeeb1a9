import { chargeTimeOf, dayOf, deliveryDay } from '@shop/core';
import { and, eq, like } from 'drizzle-orm';
import {
  auditLog,
  emailOutbox,
  jobs,
  orderItems,
  orders,
  payments,
  subscriptionDeliveries,
  subscriptions,
  testGatewayCharges,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { shopWithScriptedGateway, type ScriptedCharge } from './scripted-gateway.ts';
import { staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { DELIVERY_CENTS, dueTimes, subscriptionOrder } from './subscription-order.ts';

const day = 24 * 3600 * 1000;

/** How the gateway treats an order's off-session charges in these tests (the real test gateway otherwise). */
const behaviour = new Map<string, ScriptedCharge>();

// A test subscription (`base-monitor`) is paid for its first delivery at checkout; each next one
// is charged on its day by the queue's `subscription.deliver`, exactly once, on the saved card.
describe('test subscriptions', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await shopWithScriptedGateway(behaviour);
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const subscriptionOf = async (id: string) => (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const deliveriesOf = (id: string) => db().select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.subscriptionId, id));
  /** The shop's attempts to charge the subscription, each as its key and status. */
  const attemptsOf = async (id: string) =>
    (
      await db()
        .select()
        .from(payments)
        .where(like(payments.attemptKey, `subscription:${id}:%`))
    ).map((row) => [row.attemptKey, row.status]);
  const gatewayCharges = (id: string) =>
    db()
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `subscription:${id}:%`));
  const mailTo = async (to: string) => {
    await shop.app.jobs.runDueJobs();
    return db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
  };
  const jobFor = async (key: string) => (await db().select().from(jobs).where(eq(jobs.singletonKey, key)))[0];

  /** Delivery 2 charged once, and the subscription moved on to delivery 3 with its job. */
  async function expectChargedOnce(subscriptionId: string, email: string) {
    const charges = await gatewayCharges(subscriptionId);
    expect(charges.map((row) => [row.idempotencyKey, row.status, row.amountCents, row.offSession])).toEqual([
      [`subscription:${subscriptionId}:2:1`, 'succeeded', DELIVERY_CENTS, true],
    ]);
    const paid = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.purpose, 'subscription'), like(payments.attemptKey, `subscription:${subscriptionId}:%`)));
    expect(paid.map((row) => row.status)).toEqual(['succeeded']);
    const deliveries = await deliveriesOf(subscriptionId);
    expect(deliveries.map((row) => [row.sequence, row.status, row.paymentKey])).toEqual([
      [2, 'charged', `subscription:${subscriptionId}:2:1`],
    ]);
    const subscription = await subscriptionOf(subscriptionId);
    const order = (await db().select().from(orders).where(eq(orders.id, subscription.orderId)))[0]!;
    expect(subscription.nextDeliveryOn).toBe(deliveryDay(dayOf(order.paidAt!), 'monthly', 3));
    const next = await jobFor(`subscription-deliver:${subscriptionId}:3`);
    expect(next).toMatchObject({ status: 'queued', payload: { subscriptionId, sequence: 3 } });
    expect(next!.runAt.toISOString()).toBe(chargeTimeOf(subscription.nextDeliveryOn!).toISOString());
    await shop.app.jobs.runDueJobs();
    const receipts = (await mailTo(email)).filter((mail) => mail.subject.startsWith('Your Base receipt: Cortisol Test'));
    expect(receipts).toHaveLength(1);
    return receipts[0]!;
  }

  it('keeps the frequency on the order line, saves the card and starts the subscription with the payment', async () => {
    const { orderId, subscription } = await subscriptionOrder(shop, { frequency: 'quarterly' });
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(line).toMatchObject({
      productCode: 'base-monitor',
      testId: 53,
      charge: 'recurring',
      frequency: 'quarterly',
      unitPriceCents: DELIVERY_CENTS,
    });
    const [checkout] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(checkout).toMatchObject({ purpose: 'checkout', status: 'succeeded', amountCents: DELIVERY_CENTS });
    expect(checkout!.savedPaymentMethod).toMatch(/^pm_test_/);
    expect(checkout!.customerId).toMatch(/^cus_test_/);

    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(subscription).toMatchObject({
      status: 'active',
      frequency: 'quarterly',
      priceCents: DELIVERY_CENTS,
      productCode: 'base-monitor',
      testId: 53,
    });
    expect(subscription.title).toContain('Cortisol Test');
    expect(subscription.nextDeliveryOn).toBe(deliveryDay(dayOf(order!.paidAt!), 'quarterly', 2));
    const job = await jobFor(`subscription-deliver:${subscription.id}:2`);
    expect(job).toMatchObject({
      name: 'subscription.deliver',
      status: 'queued',
      payload: { subscriptionId: subscription.id, sequence: 2 },
    });
    expect(job!.runAt.toISOString()).toBe(chargeTimeOf(subscription.nextDeliveryOn!).toISOString());

    // the order's receipt says what comes next
    const [receipt, ...more] = await mailTo(order!.email);
    expect(more).toEqual([]);
    expect(receipt!.text).toMatch(
      /Charged to the same card on each next delivery, until you cancel in your account: Cortisol Test .* \$69\.95 every 3 months, next on \w+ \d{1,2}, \d{4}\./,
    );
  });

  it('shows the member their subscription with its next delivery', async () => {
    const { visitor, subscription, orderNumber } = await subscriptionOrder(shop);
    const listed = await visitor.get('/api/account/subscriptions');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().subscriptions).toEqual([
      expect.objectContaining({
        id: subscription.id,
        frequency: 'monthly',
        frequencyLabel: 'every month',
        price: '$69.95',
        status: 'active',
        statusLabel: 'Active',
        nextDeliveryOn: subscription.nextDeliveryOn,
        nextDelivery: expect.stringMatching(/^\w+ \d{1,2}, \d{4}$/),
        orderNumber,
        approval: null,
        deliveries: [],
      }),
    ]);
    expect(listed.json().subscriptions[0].title).toContain('Cortisol Test');
    expect((await new Visitor(shop.app).get('/api/account/subscriptions')).statusCode).toBe(401);
  });

  it('does nothing before the due day, and charges on it: receipt, next delivery scheduled', async () => {
    const { subscription, email } = await subscriptionOrder(shop);
    const { before, due } = dueTimes(subscription);
    await shop.app.jobs.runDueJobs({ now: before });
    expect(await deliveriesOf(subscription.id)).toEqual([]);
    expect(await gatewayCharges(subscription.id)).toEqual([]);
    expect((await jobFor(`subscription-deliver:${subscription.id}:2`))?.status).toBe('queued');

    // a stray job for the same delivery, run early, charges nothing either
    await enqueue(db(), { name: 'subscription.deliver', payload: { subscriptionId: subscription.id, sequence: 2 } });
    await shop.app.jobs.runDueJobs();
    expect(await gatewayCharges(subscription.id)).toEqual([]);

    await shop.app.jobs.runDueJobs({ now: due });
    const receipt = await expectChargedOnce(subscription.id, email);
    expect(receipt.text).toContain('Amount charged: $69.95');
    expect(receipt.text).toContain('Paid with: Visa ending in 4242');
    expect(receipt.text).toMatch(/Next delivery and charge: \w+ \d{1,2}, \d{4}/);
    expect(receipt.html).toContain('Amount charged: $69.95');
    const [delivery] = await deliveriesOf(subscription.id);
    expect(delivery!.dueOn).toBe(subscription.nextDeliveryOn);
  });

  it('charges once when the job runs twice at once and again later', async () => {
    const { subscription, email } = await subscriptionOrder(shop);
    const { due } = dueTimes(subscription);
    // the scheduled job, and the same work queued twice more without a key, drained by three workers at once
    await enqueue(db(), { name: 'subscription.deliver', payload: { subscriptionId: subscription.id, sequence: 2 }, runAt: due });
    await enqueue(db(), { name: 'subscription.deliver', payload: { subscriptionId: subscription.id, sequence: 2 }, runAt: due });
    await Promise.all([
      shop.app.jobs.runDueJobs({ now: due }),
      shop.app.jobs.runDueJobs({ now: due }),
      shop.app.jobs.runDueJobs({ now: due }),
    ]);
    await expectChargedOnce(subscription.id, email);

    // and once more, after the fact
    await enqueue(db(), { name: 'subscription.deliver', payload: { subscriptionId: subscription.id, sequence: 2 } });
    await shop.app.jobs.runDueJobs({ now: due });
    await expectChargedOnce(subscription.id, email);
  });

  it('charges once when the worker dies after the gateway charged and before the shop recorded it', async () => {
    const { subscription, email, orderId } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    behaviour.set(orderId, 'crash_after_charge');
    await shop.app.jobs.runDueJobs({ now: due });
    const job = await jobFor(`subscription-deliver:${subscription.id}:2`);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the worker was killed' });
    const [started] = await db()
      .select()
      .from(payments)
      .where(eq(payments.attemptKey, `subscription:${subscription.id}:2:1`));
    expect(started?.status).toBe('started');
    expect((await deliveriesOf(subscription.id)).map((row) => row.status)).toEqual(['scheduled']);

    // the retry uses the same key: the gateway answers with the first charge
    await shop.app.jobs.runDueJobs({ now: after(5 * 60_000) });
    await expectChargedOnce(subscription.id, email);
    expect((await jobFor(`subscription-deliver:${subscription.id}:2`))?.status).toBe('done');
  });

  it('finishes, once, a charge that had begun when the member cancelled, and schedules nothing after it', async () => {
    const { subscription, email, orderId, visitor } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    behaviour.set(orderId, 'crash_after_charge');
    await shop.app.jobs.runDueJobs({ now: due });
    expect((await visitor.post(`/api/account/subscriptions/${subscription.id}/cancel`)).json().status).toBe('cancelled');
    expect((await deliveriesOf(subscription.id)).map((row) => row.status)).toEqual(['skipped']);

    // the retried job asks the gateway again with the same key: the money it took is recorded
    await shop.app.jobs.runDueJobs({ now: after(5 * 60_000) });
    const charges = await gatewayCharges(subscription.id);
    expect(charges.map((row) => [row.idempotencyKey, row.status])).toEqual([[`subscription:${subscription.id}:2:1`, 'succeeded']]);
    expect((await deliveriesOf(subscription.id)).map((row) => row.status)).toEqual(['charged']);
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'cancelled', nextDeliveryOn: null });
    expect(await jobFor(`subscription-deliver:${subscription.id}:3`)).toBeUndefined();
    await shop.app.jobs.runDueJobs({ now: after(5 * 60_000) });
    const receipts = (await mailTo(email)).filter((mail) => mail.subject.startsWith('Your Base receipt: Cortisol Test'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('This was the last delivery of your subscription.');
  });

  it('tries a declined card again on a schedule, then stops the subscription and tells support', async () => {
    const { subscription, email, orderId, orderNumber } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    behaviour.set(orderId, 'decline');
    await shop.app.jobs.runDueJobs({ now: due });
    expect((await deliveriesOf(subscription.id)).map((row) => row.status)).toEqual(['declined']);
    const second = await jobFor(`subscription-deliver:${subscription.id}:2:2`);
    expect(second?.status).toBe('queued');
    expect(second!.runAt.getTime() - due.getTime()).toBe(day);

    await shop.app.jobs.runDueJobs({ now: after(day) });
    const third = await jobFor(`subscription-deliver:${subscription.id}:2:3`);
    expect(third!.runAt.getTime() - due.getTime()).toBe(4 * day);
    const supportMail = async () => (await mailTo('support@shop.test')).filter((mail) => mail.text?.includes(subscription.id));
    expect(await supportMail()).toEqual([]);

    await shop.app.jobs.runDueJobs({ now: after(4 * day) });
    expect((await attemptsOf(subscription.id)).sort()).toEqual([
      [`subscription:${subscription.id}:2:1`, 'failed'],
      [`subscription:${subscription.id}:2:2`, 'failed'],
      [`subscription:${subscription.id}:2:3`, 'failed'],
    ]);
    expect((await subscriptionOf(subscription.id)).status).toBe('past_due');
    expect((await deliveriesOf(subscription.id)).map((row) => row.status)).toEqual(['declined']);
    const told = await supportMail();
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`Subscription billing failed for order ${orderNumber}`);
    expect(told[0]!.text).toContain('after 3 tries');
    expect(told[0]!.text).toContain('card_declined');
    // nothing more is tried, nothing scheduled, and the customer got no receipt
    expect(await jobFor(`subscription-deliver:${subscription.id}:3`)).toBeUndefined();
    await shop.app.jobs.runDueJobs({ now: after(40 * day) });
    expect((await gatewayCharges(subscription.id)).filter((row) => row.status === 'succeeded')).toEqual([]);
    expect((await mailTo(email)).some((mail) => mail.subject.startsWith('Your Base receipt: Cortisol'))).toBe(false);
    behaviour.delete(orderId);
  });

  it('waits for the customer when the bank wants them, and their approval pays the delivery', async () => {
    const { subscription, email, visitor } = await subscriptionOrder(shop, { card: '4000 0027 6000 3184' });
    const { due } = dueTimes(subscription);
    await shop.app.jobs.runDueJobs({ now: due });
    const [waiting] = await deliveriesOf(subscription.id);
    expect(waiting).toMatchObject({ status: 'needs_customer', paymentKey: `subscription:${subscription.id}:2:1` });
    expect(await jobFor(`subscription-deliver:${subscription.id}:3`)).toBeUndefined();
    await shop.app.jobs.runDueJobs({ now: due });
    const approval = (await mailTo(email)).filter(
      (mail) => mail.subject === 'Please approve the charge for your next Cortisol Test (Test subscription) kit',
    );
    expect(approval).toHaveLength(1);
    expect(approval[0]!.text).toContain(`http://shop.test/checkout-subscription-delivery?delivery=${waiting!.id}`);

    const listed = (await visitor.get('/api/account/subscriptions')).json().subscriptions[0];
    expect(listed.approval).toEqual({
      deliveryId: waiting!.id,
      amount: '$69.95',
      path: `/checkout-subscription-delivery?delivery=${waiting!.id}`,
      reason: 'approve',
    });
    const charge = await visitor.get(`/api/account/subscriptions/deliveries/${waiting!.id}/charge`);
    expect(charge.json()).toMatchObject({ state: 'awaiting_approval', amount: '$69.95', sequence: 2, dueOn: waiting!.dueOn });
    // nobody else sees it
    const stranger = await subscriptionOrder(shop);
    expect((await stranger.visitor.get(`/api/account/subscriptions/deliveries/${waiting!.id}/charge`)).statusCode).toBe(404);

    const started = await visitor.post(`/api/account/subscriptions/deliveries/${waiting!.id}/approval`, {});
    expect(started.statusCode).toBe(202);
    await visitor.post('/api/payments/test-gateway/authentications', {
      clientSecret: started.json().requiresAction.clientSecret,
      approve: true,
    });
    expect((await visitor.post(`/api/account/subscriptions/deliveries/${waiting!.id}/confirm`)).json()).toEqual({ state: 'paid' });
    expect((await visitor.post(`/api/account/subscriptions/deliveries/${waiting!.id}/confirm`)).json()).toEqual({ state: 'paid' });

    const [paid] = await deliveriesOf(subscription.id);
    expect(paid).toMatchObject({ status: 'charged', paymentKey: `subscription:${subscription.id}:2:approval:0` });
    expect((await subscriptionOf(subscription.id)).nextDeliveryOn).not.toBe(subscription.nextDeliveryOn);
    expect((await jobFor(`subscription-deliver:${subscription.id}:3`))?.status).toBe('queued');
    expect((await attemptsOf(subscription.id)).sort()).toEqual([
      [`subscription:${subscription.id}:2:1`, 'failed'],
      [`subscription:${subscription.id}:2:approval:0`, 'succeeded'],
    ]);
    await shop.app.jobs.runDueJobs({ now: due });
    expect((await mailTo(email)).filter((mail) => mail.subject.startsWith('Your Base receipt: Cortisol Test'))).toHaveLength(1);
  });

  it('charges nothing more once the member cancels', async () => {
    const { subscription, email, visitor } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    const stranger = await subscriptionOrder(shop);
    expect((await stranger.visitor.post(`/api/account/subscriptions/${subscription.id}/cancel`)).statusCode).toBe(404);

    const cancelled = await visitor.post(`/api/account/subscriptions/${subscription.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: subscription.id, status: 'cancelled', statusLabel: 'Cancelled', nextDeliveryOn: null });
    expect((await visitor.post(`/api/account/subscriptions/${subscription.id}/cancel`)).json().status).toBe('cancelled');

    await shop.app.jobs.runDueJobs({ now: due });
    await shop.app.jobs.runDueJobs({ now: after(100 * day) });
    expect(await gatewayCharges(subscription.id)).toEqual([]);
    expect(await deliveriesOf(subscription.id)).toEqual([]);
    expect((await subscriptionOf(subscription.id)).status).toBe('cancelled');
    const mails = await mailTo(email);
    expect(mails.filter((mail) => mail.subject === 'Your test subscription is cancelled')).toHaveLength(1);
    expect(mails.some((mail) => mail.subject.startsWith('Your Base receipt: Cortisol'))).toBe(false);
  });

  it('stops a declined delivery’s next tries when the member cancels', async () => {
    const { subscription, visitor, orderId } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    behaviour.set(orderId, 'decline');
    await shop.app.jobs.runDueJobs({ now: due });
    behaviour.delete(orderId);
    await visitor.post(`/api/account/subscriptions/${subscription.id}/cancel`);
    expect((await deliveriesOf(subscription.id)).map((row) => row.status)).toEqual(['skipped']);
    await shop.app.jobs.runDueJobs({ now: after(10 * day) });
    expect(await gatewayCharges(subscription.id)).toEqual([]);
    expect(await attemptsOf(subscription.id)).toEqual([[`subscription:${subscription.id}:2:1`, 'failed']]);
  });

  it('ends the subscription when its order is refunded, and charges nothing after', async () => {
    const { subscription, orderId } = await subscriptionOrder(shop);
    const operator = await staffVisitor(shop, 'operator');
    const refunded = await operator.post(`/api/admin/orders/${orderId}/refund`, { reason: 'Changed their mind' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await subscriptionOf(subscription.id)).toMatchObject({ status: 'cancelled', nextDeliveryOn: null });
    await shop.app.jobs.runDueJobs({ now: dueTimes(subscription).due });
    expect(await gatewayCharges(subscription.id)).toEqual([]);
    expect(await deliveriesOf(subscription.id)).toEqual([]);
  });

  describe('the console', () => {
    it('lists subscriptions and deliveries to operators and support, and lets an operator ship a paid one once', async () => {
      const { subscription, email } = await subscriptionOrder(shop);
      const { due } = dueTimes(subscription);
      await shop.app.jobs.runDueJobs({ now: due });
      const [delivery] = await deliveriesOf(subscription.id);
      expect(delivery?.status).toBe('charged');

      const customer = (await subscriptionOrder(shop)).visitor;
      expect((await customer.get('/api/admin/subscriptions')).statusCode).toBe(403);
      const clinician = await staffVisitor(shop, 'clinician');
      expect((await clinician.get('/api/admin/subscriptions')).statusCode).toBe(403);

      const support = await staffVisitor(shop, 'support');
      const seen = await support.get('/api/admin/subscriptions');
      expect(seen.statusCode).toBe(200);
      expect(seen.json().canShip).toBe(false);
      expect(seen.json().toShip).toContainEqual(
        expect.objectContaining({
          id: delivery!.id,
          subscriptionId: subscription.id,
          sequence: 2,
          status: 'charged',
          amount: '$69.95',
          customer: expect.objectContaining({ email }),
        }),
      );
      expect(seen.json().subscriptions).toContainEqual(
        expect.objectContaining({ id: subscription.id, status: 'active', frequencyLabel: 'every month' }),
      );
      const refused = await support.post(`/api/admin/subscriptions/deliveries/${delivery!.id}/ship`, {
        trackingNumber: '1Z999AA10123456784',
      });
      expect(refused.statusCode).toBe(403);

      const operator = await staffVisitor(shop, 'operator');
      expect((await operator.get('/api/admin/subscriptions')).json().canShip).toBe(true);
      expect((await operator.post(`/api/admin/subscriptions/deliveries/${delivery!.id}/ship`, { trackingNumber: ' ' })).statusCode).toBe(
        400,
      );
      const shipped = await operator.post(`/api/admin/subscriptions/deliveries/${delivery!.id}/ship`, {
        trackingNumber: '1Z999AA10123456784',
      });
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect(shipped.json()).toMatchObject({ id: delivery!.id, status: 'shipped', trackingNumber: '1Z999AA10123456784' });
      const again = await operator.post(`/api/admin/subscriptions/deliveries/${delivery!.id}/ship`, {
        trackingNumber: '1Z999AA10123456784',
      });
      expect(again.statusCode).toBe(409);

      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'subscription'), eq(auditLog.subjectId, subscription.id)));
      expect(audit.map((row) => [row.action, row.actorRole, row.detail])).toEqual([
        ['subscription.ship', 'operator', { deliveryId: delivery!.id, sequence: 2, trackingNumber: '1Z999AA10123456784' }],
      ]);
      await shop.app.jobs.runDueJobs();
      const onItsWay = (await mailTo(email)).filter((mail) => mail.subject === 'Your kit is on its way');
      expect(onItsWay).toHaveLength(1);
      expect(onItsWay[0]!.text).toContain('1Z999AA10123456784');
    });

    it('refuses to ship a delivery that is not paid', async () => {
      const { subscription, orderId } = await subscriptionOrder(shop);
      behaviour.set(orderId, 'decline');
      await shop.app.jobs.runDueJobs({ now: dueTimes(subscription).due });
      behaviour.delete(orderId);
      const [delivery] = await deliveriesOf(subscription.id);
      const operator = await staffVisitor(shop, 'operator');
      const refused = await operator.post(`/api/admin/subscriptions/deliveries/${delivery!.id}/ship`, {
        trackingNumber: '1Z999AA10123456784',
      });
      expect(refused.statusCode).toBe(409);
      expect((await operator.get('/api/admin/subscriptions')).json().attention).toContainEqual(
        expect.objectContaining({ id: delivery!.id, status: 'declined' }),
      );
    });
  });
});
