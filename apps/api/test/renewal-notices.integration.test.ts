import { dayOf } from '@shop/core';
import { eq } from 'drizzle-orm';
import { subscriptionPriceNotices, subscriptionReminders, subscriptions } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { mailbox, staffVisitor, type Visitor, type TestShop, shopWithOperator } from './helpers.ts';
import { DELIVERY_CENTS, subscriptionOrder } from './subscription-order.ts';

// California's auto-renewal law for subscriptions that renew until cancelled
// (docs/decisions/0069-consents-the-api-records.md): a reminder of the terms once a year, and a
// price that changes only with a notice 7 to 30 days ahead.
let shop: TestShop;
let operator: Visitor;
beforeAll(async () => {
  ({ shop, operator } = await shopWithOperator());
});
afterAll(() => shop.close());

const db = () => shop.database.db;
const day = 86_400_000;

/** Runs the hourly job `name` as of `now`, `times` times at once (two workers, a retry). */
async function runJob(name: 'subscription.yearly_reminders' | 'subscription.price_changes', now: Date, times = 1) {
  // each its own key: the scheduler's hourly key would make them one job
  for (let index = 0; index < times; index += 1) {
    await enqueue(db(), { name, payload: {}, runAt: now, singletonKey: `${name}:${crypto.randomUUID()}` });
  }
  await Promise.all(Array.from({ length: times }, () => shop.app.jobs.runDueJobs({ now, only: { name, payload: {} } })));
}

async function startedAgo(subscriptionId: string, ms: number) {
  await db()
    .update(subscriptions)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(subscriptions.id, subscriptionId));
}

describe('the yearly reminder', () => {
  it('e-mails each renewing subscription the terms once a year, however often the job runs', async () => {
    const { subscription, email } = await subscriptionOrder(shop);
    const now = new Date();
    await runJob('subscription.yearly_reminders', now);
    expect(await db().select().from(subscriptionReminders).where(eq(subscriptionReminders.subscriptionId, subscription.id))).toEqual([]);

    await startedAgo(subscription.id, 366 * day);
    await runJob('subscription.yearly_reminders', now, 3);
    await runJob('subscription.yearly_reminders', new Date(now.getTime() + 30 * day));
    const reminders = await db().select().from(subscriptionReminders).where(eq(subscriptionReminders.subscriptionId, subscription.id));
    expect(reminders.map((row) => row.year)).toEqual([1]);
    const sent = (await mailbox(shop, email)).filter((message) => message.template === 'subscription-yearly-reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('$69.95 for each delivery, every month');
    expect(sent[0]!.text).toContain('How to cancel: in your account, choose Cancel beside it, then confirm.');

    // the next year, the next reminder
    await startedAgo(subscription.id, 731 * day);
    await runJob('subscription.yearly_reminders', now);
    const later = await db().select().from(subscriptionReminders).where(eq(subscriptionReminders.subscriptionId, subscription.id));
    expect(later.map((row) => row.year).sort()).toEqual([1, 2]);
  });

  it('reminds no cancelled subscription', async () => {
    const { subscription, visitor } = await subscriptionOrder(shop);
    expect((await visitor.post(`/api/account/subscriptions/${subscription.id}/cancel`)).statusCode).toBe(200);
    await startedAgo(subscription.id, 400 * day);
    await runJob('subscription.yearly_reminders', new Date());
    expect(await db().select().from(subscriptionReminders).where(eq(subscriptionReminders.subscriptionId, subscription.id))).toEqual([]);
  });
});

describe('a price change', () => {
  const inDays = (days: number) => dayOf(new Date(Date.now() + days * day));

  it('is refused sooner than 7 or later than 30 days after the notice, and to anyone but an operator', async () => {
    for (const effectiveOn of [inDays(6), inDays(31)]) {
      const refused = await operator.post('/api/admin/subscriptions/price-changes', {
        productCode: 'base-monitor',
        priceCents: 7495,
        effectiveOn,
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().code).toBe('PRICE_CHANGE_NOTICE');
    }
    const support = await staffVisitor(shop, 'support');
    const forbidden = await support.post('/api/admin/subscriptions/price-changes', {
      productCode: 'base-monitor',
      priceCents: 7495,
      effectiveOn: inDays(10),
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('e-mails every member the new price and its day now, and applies it on that day to them only, once', async () => {
    const told = await subscriptionOrder(shop);
    const effectiveOn = inDays(8);
    const announced = await operator.post('/api/admin/subscriptions/price-changes', {
      productCode: 'base-monitor',
      priceCents: 7495,
      effectiveOn,
    });
    expect(announced.statusCode, announced.body).toBe(201);
    expect(announced.json().noticed).toBeGreaterThanOrEqual(1);
    const notice = (await mailbox(shop, told.email)).filter((message) => message.template === 'subscription-price-change');
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('costs $74.95 instead of $69.95');
    expect(notice[0]!.text).toContain('cancel before that day');

    // a second change while one is pending is refused: one notice says one price
    const again = await operator.post('/api/admin/subscriptions/price-changes', {
      productCode: 'base-monitor',
      priceCents: 7995,
      effectiveOn,
    });
    expect(again.statusCode).toBe(409);

    // bought after the announcement: not told, so it keeps the price it was bought at
    const untold = await subscriptionOrder(shop);
    await runJob('subscription.price_changes', new Date(Date.now() + 6 * day));
    expect(await priceOf(told.subscription.id)).toBe(DELIVERY_CENTS);
    await runJob('subscription.price_changes', new Date(Date.now() + 8 * day + 3_600_000), 2);
    expect(await priceOf(told.subscription.id)).toBe(7495);
    expect(await priceOf(untold.subscription.id)).toBe(DELIVERY_CENTS);
    const [applied] = await db()
      .select()
      .from(subscriptionPriceNotices)
      .where(eq(subscriptionPriceNotices.subscriptionId, told.subscription.id));
    expect(applied!.appliedAt).not.toBeNull();
    const listed = (await operator.get('/api/admin/subscriptions/price-changes')).json().priceChanges;
    expect(listed[0]).toMatchObject({ productCode: 'base-monitor', priceCents: 7495, effectiveOn });
    expect(listed[0].appliedAt).not.toBeNull();
  });
});

async function priceOf(subscriptionId: string) {
  const [row] = await db().select({ priceCents: subscriptions.priceCents }).from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row!.priceCents;
}
