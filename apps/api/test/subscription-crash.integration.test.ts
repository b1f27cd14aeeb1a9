import { localSecret } from '../src/secrets.ts';
import { eq, like } from 'drizzle-orm';
import { jobs, payments, subscriptionDeliveries, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers.ts';
import { runFixture } from './fixture-process.ts';
import { postgresTestMode } from './postgres.ts';
import { DELIVERY_CENTS, dueTimes, subscriptionOrder } from './subscription-order.ts';

// A second process must open the same database, which only a PostgreSQL server allows.
describe.runIf(postgresTestMode())('a job worker killed between a subscription delivery’s charge and its record', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('leaves the job to the next worker once its lease passes, which charges nothing more', async () => {
    const db = shop.database.db;
    const { subscription } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    const key = `subscription-deliver:${subscription.id}:2`;

    const { signal, stderr } = await runFixture('subscription-worker-killed-after-charge', shop, {
      RUN_AT: due.toISOString(),
      // the subscription's title is sealed (decision 0078) with the key the test shop reads it with
      RESULTS_ENCRYPTION_KEY: localSecret(shop.app.config.DATA_DIR, 'results-encryption-key'),
    });
    expect(signal, stderr).toBe('SIGKILL');

    // the money was taken; the shop wrote nothing down and the job still looks taken
    const [job] = await db.select().from(jobs).where(eq(jobs.singletonKey, key));
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    const [attempt] = await db
      .select()
      .from(payments)
      .where(eq(payments.attemptKey, `subscription:${subscription.id}:2:1`));
    expect(attempt?.status).toBe('started');
    expect(
      (await db.select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.subscriptionId, subscription.id))).map(
        (row) => row.status,
      ),
    ).toEqual(['scheduled']);

    // within the lease nobody takes it; after it, the next worker does, with the same key
    await shop.app.jobs.runDueJobs({ now: after(30_000) });
    expect((await db.select().from(jobs).where(eq(jobs.singletonKey, key)))[0]?.status).toBe('running');
    await shop.app.jobs.runDueJobs({ now: after(5 * 60_000) });
    const charges = await db
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `subscription:${subscription.id}:%`));
    expect(charges.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', DELIVERY_CENTS]]);
    const recorded = await db
      .select()
      .from(payments)
      .where(like(payments.attemptKey, `subscription:${subscription.id}:%`));
    expect(recorded.map((row) => [row.status, row.gatewayPaymentId])).toEqual([['succeeded', charges[0]!.id]]);
    const deliveries = await db.select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.subscriptionId, subscription.id));
    expect(deliveries.map((row) => row.status)).toEqual(['charged']);
    expect((await db.select().from(jobs).where(eq(jobs.singletonKey, key)))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(
      (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.singletonKey, `subscription-deliver:${subscription.id}:3`))
      )[0]?.status,
    ).toBe('queued');
  }, 60_000);
});
