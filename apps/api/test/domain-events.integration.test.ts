import { and, eq } from 'drizzle-orm';
import { carts, domainEventHandlings, domainEvents, jobs, orders, subscriptions } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopEventHandlers } from '../src/event-handlers.ts';
import { createEventBus, onEvent } from '../src/events/bus.ts';
import { closeCartOfPaidOrder } from '../src/cart/repository.ts';
import { createTestShop, mailbox, type TestShop } from './helpers.ts';
import { subscriptionOrder } from './subscription-order.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const handlersOf = (type: string) =>
  shopEventHandlers({
    publicUrl: shop.app.config.PUBLIC_URL,
    supportEmail: shop.app.config.SUPPORT_EMAIL,
    resultsCipher: shop.app.results.cipher,
  }).filter((handler) => handler.on === type);

async function paidEventOf(orderId: string) {
  const rows = await shop.database.db
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'order.paid'), eq(domainEvents.subjectId, orderId)));
  expect(rows, 'one order.paid event per order').toHaveLength(1);
  return rows[0]!;
}

async function handledBy(eventId: string): Promise<string[]> {
  const rows = await shop.database.db.select().from(domainEventHandlings).where(eq(domainEventHandlings.eventId, eventId));
  return rows.map((row) => row.handler).sort();
}

async function effectsOf(orderId: string, email: string) {
  const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [cart] = await shop.database.db.select().from(carts).where(eq(carts.id, order!.cartId));
  const started = await shop.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  const receipts = (await mailbox(shop, email)).filter((mail) => mail.subject.startsWith('Your Base receipt for order'));
  const chargeJobs = await shop.database.db.select().from(jobs).where(eq(jobs.name, 'subscription.deliver'));
  return {
    cart: cart!.status,
    subscriptions: started.length,
    deliveryJobs: chargeJobs.filter((job) => started.some((row) => (job.payload as { subscriptionId: string }).subscriptionId === row.id))
      .length,
    receipts: receipts.length,
  };
}

describe('domain events', () => {
  it('a paid order records order.paid once; its consumers run once each, the receipt from the queue', async () => {
    const { orderId, email } = await subscriptionOrder(shop);
    const event = await paidEventOf(orderId);
    expect(event.payload).toMatchObject({ orderId, email, via: 'checkout' });

    // in the payment's transaction: the cart, the gift, the referral, the subscriptions; the receipt waits for its job
    const inline = handlersOf('order.paid')
      .filter((handler) => handler.mode === 'in-transaction')
      .map((handler) => handler.name);
    expect(inline.length).toBeGreaterThanOrEqual(4);
    expect(await handledBy(event.id)).toEqual([...inline].sort());

    expect(await effectsOf(orderId, email)).toEqual({ cart: 'checked_out', subscriptions: 1, deliveryJobs: 1, receipts: 1 });
    expect(await handledBy(event.id)).toEqual([...inline, 'orders.receipt'].sort());
  });

  it('order.paid says what the order holds, read by the move to paid: its consumers with nothing to do skip their lookups', async () => {
    const { orderId } = await subscriptionOrder(shop);
    const event = await paidEventOf(orderId);
    expect(event.payload).toMatchObject({ holds: { gift: false, attribution: false, subscription: true, payLink: false } });
  });

  it('an order.paid recorded without what the order holds is handled as before: each consumer looks for itself', async () => {
    const { orderId, email } = await subscriptionOrder(shop);
    const event = await paidEventOf(orderId);
    await shop.app.jobs.runDueJobs();
    // as an event recorded before `holds` existed: its subscriptions' consumer has not had it yet
    const { holds: _holds, ...older } = event.payload;
    await shop.database.db.update(domainEvents).set({ payload: older }).where(eq(domainEvents.id, event.id));
    await shop.database.db.delete(subscriptions).where(eq(subscriptions.orderId, orderId));
    await shop.database.db
      .delete(domainEventHandlings)
      .where(and(eq(domainEventHandlings.eventId, event.id), eq(domainEventHandlings.handler, 'subscriptions.start')));

    expect(await shop.app.events.replay(shop.database.db, event.id)).toEqual(['subscriptions.start']);
    const started = await shop.database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(started).toHaveLength(1);
    expect((await effectsOf(orderId, email)).cart).toBe('checked_out');
  });

  it('replaying an event gives it to no handler that had it: every effect stays once', async () => {
    const { orderId, email } = await subscriptionOrder(shop);
    const event = await paidEventOf(orderId);
    await mailbox(shop, email);

    expect(await shop.app.events.replay(shop.database.db, event.id)).toEqual([]);
    expect(await shop.app.events.replay(shop.database.db, event.id)).toEqual([]);
    expect(await effectsOf(orderId, email)).toEqual({ cart: 'checked_out', subscriptions: 1, deliveryJobs: 1, receipts: 1 });
  });

  it('a handler added later is given the events it missed by a replay, once', async () => {
    const { orderId } = await subscriptionOrder(shop);
    const event = await paidEventOf(orderId);
    await shop.app.jobs.runDueJobs();
    const seen: string[] = [];
    const later = createEventBus([
      ...shopEventHandlers({
        publicUrl: shop.app.config.PUBLIC_URL,
        supportEmail: shop.app.config.SUPPORT_EMAIL,
        resultsCipher: shop.app.results.cipher,
      }),
      onEvent({
        name: 'test.counts-paid-orders',
        on: 'order.paid',
        mode: 'in-transaction',
        handle: async (_tx, paid) => void seen.push(paid.payload.orderId),
      }),
    ]);
    expect(await later.replay(shop.database.db, event.id)).toEqual(['test.counts-paid-orders']);
    expect(await later.replay(shop.database.db, event.id)).toEqual([]);
    expect(seen).toEqual([orderId]);
  });

  it('a queued handler runs once, however often its job is run', async () => {
    const { orderId, email } = await subscriptionOrder(shop);
    const event = await paidEventOf(orderId);
    expect(await shop.app.events.runQueued(shop.database.db, event.id, 'orders.receipt')).toBe('handled');
    expect(await shop.app.events.runQueued(shop.database.db, event.id, 'orders.receipt')).toBe('already handled');
    // the job queued with the payment finds it handled too
    expect((await effectsOf(orderId, email)).receipts).toBe(1);
  });

  it('an event recorded in a transaction that rolls back leaves nothing: no event, no effect, no job', async () => {
    const orderId = crypto.randomUUID();
    const failing = new Error('the change failed after its event');
    await expect(
      shop.database.db.transaction(async (tx) => {
        await shop.app.events.record(tx, 'order.results_ready', { orderId, email: 'nobody@example.com', program: 'billed' });
        throw failing;
      }),
    ).rejects.toBe(failing);
    expect(await shop.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, orderId))).toEqual([]);
    const billing = await shop.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `program-billing:${orderId}`));
    expect(billing).toEqual([]);
  });

  it('a handler that only writes has its write sent with the event: it commits or rolls back with it, and a replay runs it alone, once', async () => {
    const bus = createEventBus([closeCartOfPaidOrder]);
    const [cart] = await shop.database.db.insert(carts).values({ userId: null }).returning();
    const paid = {
      orderId: crypto.randomUUID(),
      number: 1,
      cartId: cart!.id,
      userId: 'nobody',
      email: 'nobody@example.com',
      paidAt: new Date().toISOString(),
      totalCents: 100,
      appliedDiscounts: [],
      via: 'checkout' as const,
    };
    const statusOf = async () => (await shop.database.db.select().from(carts).where(eq(carts.id, cart!.id)))[0]!.status;
    const failing = new Error('the payment failed after its event');
    await expect(
      shop.database.db.transaction(async (tx) => {
        await bus.record(tx, 'order.paid', paid);
        throw failing;
      }),
    ).rejects.toBe(failing);
    expect(await statusOf()).toBe('open');

    const event = await shop.database.db.transaction((tx) => bus.record(tx, 'order.paid', paid));
    expect(await statusOf()).toBe('checked_out');
    expect(await handledBy(event.id)).toEqual(['cart.close-paid-cart']);

    await shop.database.db.update(carts).set({ status: 'open' }).where(eq(carts.id, cart!.id));
    await shop.database.db.delete(domainEventHandlings).where(eq(domainEventHandlings.eventId, event.id));
    expect(await bus.replay(shop.database.db, event.id)).toEqual(['cart.close-paid-cart']);
    expect(await statusOf()).toBe('checked_out');
    expect(await bus.replay(shop.database.db, event.id)).toEqual([]);
  });

  it('refuses two handlers of one name', () => {
    const twice = onEvent({ name: 'twice', on: 'order.paid', mode: 'queued', handle: async () => {} });
    expect(() => createEventBus([twice, twice])).toThrow('two event handlers are named twice');
  });
});
