import { eq, inArray } from 'drizzle-orm';
import { cartItems, carts, emailOutbox, jobs, labRequestNonces, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeriodicScheduler } from '../src/jobs/scheduler.ts';
import { createTestShop, customerWithCart, Visitor, type TestShop, placeOrder } from './helpers.ts';

const day = 24 * 3600 * 1000;

// The periodic jobs: anonymous carts expire after 30 days, a paid order still waiting for its
// collection choice after 48 hours gets one reminder, and lab request signatures are kept a day.
describe('periodic jobs', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  it('are queued once per hour, whichever process asks', async () => {
    const now = new Date('2031-05-05T10:20:00Z');
    await Promise.all([
      createPeriodicScheduler(db())(now),
      createPeriodicScheduler(db())(now),
      createPeriodicScheduler(db())(new Date('2031-05-05T10:59:00Z')),
    ]);
    const queued = await db()
      .select()
      .from(jobs)
      .where(
        inArray(jobs.singletonKey, [
          'cart.expire:2031-05-05T10',
          'collection.remind:2031-05-05T10',
          'coaching.remind:2031-05-05T10',
          'nonce.prune:2031-05-05T10',
          'program.retests:2031-05-05T10',
        ]),
      );
    expect(queued.map((job) => job.name).sort()).toEqual([
      'cart.expire',
      'coaching.remind',
      'collection.remind',
      'nonce.prune',
      'program.retests',
    ]);
    await db()
      .delete(jobs)
      .where(
        inArray(
          jobs.id,
          queued.map((job) => job.id),
        ),
      );
  });

  it('deletes anonymous carts untouched for 30 days, and keeps the rest', async () => {
    const anonymous = new Visitor(shop.app);
    await anonymous.post('/api/cart/items', { productCode: 'base-complete' });
    const customer = await customerWithCart(shop.app);
    await placeOrder(customer);
    const [stale] = await db().insert(carts).values({}).returning();
    await db().insert(cartItems).values({ cartId: stale!.id, productCode: 'base-complete' });
    const old = new Date(Date.now() - 31 * day);
    await db().update(carts).set({ updatedAt: old }).where(eq(carts.id, stale!.id));
    await db().update(cartItems).set({ createdAt: old }).where(eq(cartItems.cartId, stale!.id));
    // an old anonymous cart that became an order stays with its order
    const [ordered] = await db().select().from(orders).limit(1);
    await db().update(carts).set({ updatedAt: old, userId: null }).where(eq(carts.id, ordered!.cartId));
    const before = await db().select({ id: carts.id }).from(carts);

    await createPeriodicScheduler(db())(new Date());
    await shop.app.jobs.runDueJobs();
    const after = (await db().select({ id: carts.id }).from(carts)).map((cart) => cart.id);
    expect(after).not.toContain(stale!.id);
    expect(after).toContain(ordered!.cartId);
    expect(after).toHaveLength(before.length - 1);
    expect(await db().select().from(cartItems).where(eq(cartItems.cartId, stale!.id))).toEqual([]);
  });

  it('reminds a customer once to choose a home kit or a lab two days after paying', async () => {
    const customer = await customerWithCart(shop.app);
    const placed = await placeOrder(customer);
    const order = placed.json().order as { id: string; number: number };
    const email = (await customer.get('/api/auth/get-session')).json().user.email as string;
    const reminders = async () =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((mail) =>
        mail.subject.startsWith('Choose how to take your test'),
      );

    const remindAt = async (at: Date) => {
      await createPeriodicScheduler(db())(at);
      await shop.app.jobs.runDueJobs({ now: at });
    };
    await remindAt(new Date(Date.now() + day));
    expect(await reminders()).toEqual([]);
    await remindAt(new Date(Date.now() + 2 * day + 3600_000));
    await remindAt(new Date(Date.now() + 3 * day));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Choose how to take your test (order ${order.number})`);
    expect(sent[0]!.text).toContain(`http://shop.test/collection?order=${order.id}`);
    expect(sent[0]!.html).toContain('Choose home kit or lab');
  });

  it('forgets lab request signatures first seen more than a day ago, and keeps the newer ones', async () => {
    // an hour of its own: the tests above ran this hour's and the next days' periodic jobs
    const now = Date.now() + 10 * day;
    await db()
      .insert(labRequestNonces)
      .values([
        { nonce: 'v1=old', createdAt: new Date(now - 25 * 3600_000) },
        { nonce: 'v1=recent', createdAt: new Date(now - 23 * 3600_000) },
        { nonce: 'v1=new', createdAt: new Date(now) },
      ]);

    await createPeriodicScheduler(db())(new Date(now));
    await shop.app.jobs.runDueJobs({ now: new Date(now) });
    const kept = await db()
      .select({ nonce: labRequestNonces.nonce })
      .from(labRequestNonces)
      .where(inArray(labRequestNonces.nonce, ['v1=old', 'v1=recent', 'v1=new']));
    expect(kept.map((row) => row.nonce).sort()).toEqual(['v1=new', 'v1=recent']);
  });
});
