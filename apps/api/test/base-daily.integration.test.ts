import { addMonths, chargeTimeOf, dayOf } from '@shop/core';
import { and, eq, like } from 'drizzle-orm';
import { jobs, orderItems, orders, payments, subscriptionDeliveries, subscriptions, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { createTestShop, mailbox, paymentMethod, uniqueEmail, Visitor, type TestShop, everyConsent, placeOrder } from './helpers.ts';

const day = 24 * 3600 * 1000;
const BASE_DAILY_CENTS = 995;
/** The food allergy test, $175.00: 5% off is $8.75. */
const FOOD_ALLERGY_CENTS = 17500;

// Base Daily is a monthly membership: its first month is paid at checkout, each next one is
// renewed on the same day of the month by the queue's `subscription.deliver`, exactly once, on the
// card saved at checkout; while it lasts its member gets 5% off tests.
describe('Base Daily', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test', SHOP_TEST_CLOCK: '1' } });
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const membershipOf = async (orderId: string) => (await db().select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
  const renewalsOf = (id: string) => db().select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.subscriptionId, id));
  const gatewayCharges = (id: string) =>
    db()
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `subscription:${id}:%`));
  const jobFor = async (key: string) => (await db().select().from(jobs).where(eq(jobs.singletonKey, key)))[0];
  const mailTo = async (to: string, subject: string) => (await mailbox(shop, to)).filter((mail) => mail.subject.startsWith(subject));

  /** A new customer who pays for `products` (Base Daily among them) with `card`: their order and membership. */
  async function member(options: { card?: string; products?: string[] } = {}) {
    const email = uniqueEmail('daily');
    const visitor = new Visitor(shop.app);
    for (const productCode of options.products ?? ['base-daily']) {
      const added = await visitor.post('/api/cart/items', { productCode });
      expect(added.statusCode, added.body).toBe(200);
    }
    const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    expect(account.statusCode, account.body).toBe(200);
    const cart = (await visitor.get('/api/cart')).json();
    const method = await paymentMethod(visitor, options.card ?? '4242 4242 4242 4242');
    const placed = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order as { id: string; number: number };
    return { email, visitor, cart, order, membership: await membershipOf(order.id) };
  }

  /** Buys one food allergy test as `visitor`, answering the cart's and the order's discount. */
  async function buyFoodAllergyTest(visitor: Visitor) {
    expect((await visitor.post('/api/cart/items', { productCode: 'food-allergy' })).statusCode).toBe(200);
    const cart = (await visitor.get('/api/cart')).json();
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.json().order.id));
    return { cart, order: order! };
  }

  it('takes 5% off the tests of the cart that buys it, and starts a monthly membership with the payment', async () => {
    const { cart, order, membership, email } = await member({ products: ['base-daily', 'food-allergy'] });
    expect(cart).toMatchObject({ discountCents: 875, memberDiscountCents: 875, display: { memberDiscount: '$8.75' } });
    expect(cart.display.membershipTerms).toMatch(
      /^Base Daily is \$9\.95 today and then \$9\.95 every month on the \d+\w\w of each month.* \(next on \w+ \d{1,2}, \d{4}\), charged to the card you pay with, until you cancel\. Cancel any time in your account, in two clicks/,
    );

    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ discountCents: 875, totalCents: BASE_DAILY_CENTS + FOOD_ALLERGY_CENTS - 875 });
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.find((line) => line.productCode === 'base-daily')).toMatchObject({ frequency: 'monthly', charge: 'recurring' });
    expect(membership).toMatchObject({ productCode: 'base-daily', status: 'active', priceCents: BASE_DAILY_CENTS, frequency: 'monthly' });
    expect(membership.nextDeliveryOn).toBe(addMonths(dayOf(row!.paidAt!), 1));
    const job = await jobFor(`subscription-deliver:${membership.id}:2`);
    expect(job!.runAt.toISOString()).toBe(chargeTimeOf(membership.nextDeliveryOn!).toISOString());

    const [receipt] = await mailTo(email, `Your Base receipt for order ${order.number}`);
    expect(receipt!.text).toMatch(
      /Renewed on the same card every month, until you cancel in your account \(the membership then ends with the month paid for\): Base Daily \$9\.95 every month, next on \w+ \d{1,2}, \d{4}\./,
    );
    expect(receipt!.text).not.toContain('each next delivery');
    const [welcome, ...more] = await mailTo(email, 'Welcome to Base Daily');
    expect(more).toEqual([]);
    expect(welcome!.text).toContain('The terms you agreed to: Base Daily is $9.95 today and then $9.95 every month');
    expect(welcome!.text).toContain('To cancel, open your account, choose "Cancel membership" and confirm');
  });

  it('takes 5% off a member’s later cart, checked again when the order is placed', async () => {
    const { visitor } = await member();
    const { cart, order } = await buyFoodAllergyTest(visitor);
    expect(cart).toMatchObject({ discountCents: 875, memberDiscountCents: 875 });
    expect(order).toMatchObject({ discountCents: 875, totalCents: FOOD_ALLERGY_CENTS - 875 });
    // not a member: full price
    const stranger = new Visitor(shop.app);
    await stranger.post('/api/cart/items', { productCode: 'food-allergy' });
    expect((await stranger.get('/api/cart')).json()).toMatchObject({ discountCents: 0, totalCents: FOOD_ALLERGY_CENTS });
  });

  it('is one per member: a second one, or two in one cart, is refused', async () => {
    const { visitor } = await member();
    expect((await visitor.post('/api/cart/items', { productCode: 'base-daily' })).statusCode).toBe(200);
    const placed = await placeOrder(visitor);
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({ code: 'ALREADY_A_MEMBER' });

    const fresh = new Visitor(shop.app);
    const two = await fresh.post('/api/cart/items', { productCode: 'base-daily', quantity: 2 });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('This item can only be bought once per order.');
    const quarterly = await fresh.post('/api/cart/items', { productCode: 'base-daily', frequency: 'quarterly' });
    expect(quarterly.statusCode).toBe(400);
  });

  it('renews on its day, once, whatever the number of workers, with a receipt and the next renewal queued', async () => {
    const { membership, email } = await member();
    const due = chargeTimeOf(membership.nextDeliveryOn!);
    await shop.app.jobs.runDueJobs({ now: new Date(due.getTime() - 60_000) });
    expect(await gatewayCharges(membership.id)).toEqual([]);
    // the same renewal queued twice more, drained by three workers at once
    await enqueue(db(), { name: 'subscription.deliver', payload: { subscriptionId: membership.id, sequence: 2 }, runAt: due });
    await enqueue(db(), { name: 'subscription.deliver', payload: { subscriptionId: membership.id, sequence: 2 }, runAt: due });
    await Promise.all([0, 1, 2].map(() => shop.app.jobs.runDueJobs({ now: due })));
    const charges = await gatewayCharges(membership.id);
    expect(charges.map((row) => [row.idempotencyKey, row.status, row.amountCents, row.offSession])).toEqual([
      [`subscription:${membership.id}:2:1`, 'succeeded', BASE_DAILY_CENTS, true],
    ]);
    expect((await renewalsOf(membership.id)).map((row) => [row.sequence, row.status])).toEqual([[2, 'charged']]);
    const renewed = (await db().select().from(subscriptions).where(eq(subscriptions.id, membership.id)))[0]!;
    expect(renewed).toMatchObject({ status: 'active', nextDeliveryOn: addMonths(membership.nextDeliveryOn!, 1) });
    expect((await jobFor(`subscription-deliver:${membership.id}:3`))?.status).toBe('queued');
    const receipts = await mailTo(email, 'Your Base receipt: Base Daily, renewed');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Amount charged: $9.95');
    expect(receipts[0]!.text).toMatch(/Next renewal: \w+ \d{1,2}, \d{4}\./);
    // a renewal ships nothing: the console's list of deliveries to ship does not hold it
    expect(receipts[0]!.text).not.toContain('kit');
  });

  it('duns a declined renewal on days 0, 5 and 12, keeps the benefits meanwhile, then pauses; a new card restarts it', async () => {
    const { membership, email, visitor, order } = await member({ card: '4000 0000 0000 0341' });
    const due = chargeTimeOf(membership.nextDeliveryOn!);
    const at = (days: number) => new Date(due.getTime() + days * day);
    await shop.app.jobs.runDueJobs({ now: due });
    let [renewal] = await renewalsOf(membership.id);
    expect(renewal).toMatchObject({ status: 'declined' });
    expect((await membershipOf(order.id)).status).toBe('past_due');
    expect((await jobFor(`subscription-deliver:${membership.id}:2:2`))!.runAt.toISOString()).toBe(at(5).toISOString());
    const updateLink = `http://shop.test/checkout-subscription-delivery?delivery=${renewal!.id}`;
    const [first] = await mailTo(email, 'Your Base Daily payment did not go through');
    expect(first!.text).toContain(updateLink);
    expect(first!.text).toMatch(/We will try the card again on \w+ \d{1,2}, \d{4}/);
    // the grace period: still 5% off
    const listed = (await visitor.get('/api/account/subscriptions')).json().subscriptions[0];
    expect(listed).toMatchObject({ kind: 'membership', status: 'past_due', benefits: true });
    expect(listed.approval).toEqual({ deliveryId: renewal!.id, amount: '$9.95', path: expect.any(String), reason: 'update_card' });

    await shop.app.jobs.runDueJobs({ now: at(5) });
    expect((await jobFor(`subscription-deliver:${membership.id}:2:3`))!.runAt.toISOString()).toBe(at(12).toISOString());
    expect(await mailTo(email, 'Your Base Daily payment did not go through')).toHaveLength(2);
    await shop.app.jobs.runDueJobs({ now: at(12) });
    expect((await membershipOf(order.id)).status).toBe('paused');
    const [paused] = await mailTo(email, 'Your Base Daily membership is paused');
    expect(paused!.text).toContain(updateLink);
    const attempts = await db()
      .select()
      .from(payments)
      .where(like(payments.attemptKey, `subscription:${membership.id}:%`));
    expect(attempts.map((row) => row.status)).toEqual(['failed', 'failed', 'failed']);
    await shop.app.jobs.runDueJobs({ now: at(40) });
    expect((await gatewayCharges(membership.id)).some((row) => row.status === 'succeeded')).toBe(false);
    expect((await visitor.get('/api/account/subscriptions')).json().subscriptions[0]).toMatchObject({ status: 'paused', benefits: false });

    // the link in the e-mail: the member pays with another card, which pays the next renewals too
    const charge = (await visitor.get(`/api/account/subscriptions/deliveries/${renewal!.id}/charge`)).json();
    expect(charge).toMatchObject({ state: 'awaiting_approval', reason: 'update_card', membership: true, amount: '$9.95' });
    const newCard = await paymentMethod(visitor, '4242 4242 4242 4242');
    const paid = await visitor.post(`/api/account/subscriptions/deliveries/${renewal!.id}/approval`, { paymentMethod: newCard });
    expect(paid.statusCode, paid.body).toBe(200);
    [renewal] = await renewalsOf(membership.id);
    expect(renewal).toMatchObject({ status: 'charged' });
    const restarted = await membershipOf(order.id);
    expect(restarted).toMatchObject({ status: 'active', nextDeliveryOn: addMonths(membership.nextDeliveryOn!, 1) });
    await shop.app.jobs.runDueJobs({ now: chargeTimeOf(restarted.nextDeliveryOn!) });
    const third = await db()
      .select()
      .from(payments)
      .where(eq(payments.attemptKey, `subscription:${membership.id}:3:1`));
    expect(third[0]).toMatchObject({ status: 'succeeded', paymentMethod: newCard });
  });

  it('cancels at the end of the month paid for: benefits until then, nothing charged after, a second cancel refused', async () => {
    const { membership, email, visitor, order } = await member();
    const cancelled = await visitor.post(`/api/account/subscriptions/${membership.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const lastDay = new Date(`${membership.nextDeliveryOn}T00:00:00Z`);
    lastDay.setUTCDate(lastDay.getUTCDate() - 1);
    expect(await membershipOf(order.id)).toMatchObject({ status: 'cancelled', accessUntil: lastDay.toISOString().slice(0, 10) });
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      benefits: true,
      accessUntil: expect.stringMatching(/^\w+ \d{1,2}, \d{4}$/),
    });
    const [told] = await mailTo(email, 'Your Base Daily membership is cancelled');
    expect(told!.text).toContain(`You paid through ${cancelled.json().accessUntil}`);

    // still a member this month: 5% off
    const { order: later } = await buyFoodAllergyTest(visitor);
    expect(later.discountCents).toBe(875);
    // renewal day: nothing is charged
    await shop.app.jobs.runDueJobs({ now: chargeTimeOf(membership.nextDeliveryOn!) });
    expect(await gatewayCharges(membership.id)).toEqual([]);
    const again = await visitor.post(`/api/account/subscriptions/${membership.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_CANCELLED', message: 'This membership is already cancelled.' });
    expect(await mailTo(email, 'Your Base Daily membership is cancelled')).toHaveLength(1);
  });

  it('runs a member’s own renewal early through the test clock, and nobody else’s', async () => {
    const { membership, visitor } = await member();
    const other = await member();
    const due = chargeTimeOf(membership.nextDeliveryOn!).toISOString();
    const stranger = await visitor.post(`/api/test-clock/subscriptions/${other.membership.id}/charges`, { at: due });
    expect(stranger.statusCode).toBe(404);
    const ran = await visitor.post(`/api/test-clock/subscriptions/${membership.id}/charges`, { at: due });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().subscription.deliveries).toEqual([expect.objectContaining({ sequence: 2, statusLabel: 'Paid' })]);
    expect(await gatewayCharges(other.membership.id)).toEqual([]);
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.singletonKey, `subscription-deliver:${other.membership.id}:2`), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
  });
});
