import { and, eq, like } from 'drizzle-orm';
import { jobs, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { createTestShop, type TestShop } from './helpers.ts';
import { runFixture } from './fixture-process.ts';
import { postgresTestMode } from './postgres.ts';
import { orderAwaitingProgramBilling } from './program-order.ts';

// A second process must open the same database, which only a PostgreSQL server allows.
describe.runIf(postgresTestMode())('a job worker killed between the program charge and its record', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('leaves the job to the next worker once its lease passes, which charges nothing more', async () => {
    const db = shop.database.db;
    const { order } = await orderAwaitingProgramBilling(shop);
    await enqueue(db, { name: 'program.bill', payload: { orderId: order.id }, singletonKey: `program-billing:${order.id}` });

    const { signal, stderr } = await runFixture('worker-killed-after-charge', shop);
    expect(signal, stderr).toBe('SIGKILL');

    // the money was taken; the shop wrote nothing down and the job still looks taken
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `program-billing:${order.id}`));
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    const [attempt] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program')));
    expect(attempt?.status).toBe('started');

    // within the lease nobody takes it (what else is due runs); after it, the next worker does, with the same key
    await shop.app.jobs.runDueJobs();
    const [held] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `program-billing:${order.id}`));
    expect(held).toMatchObject({ status: 'running', attempts: 1 });
    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 5 * 60_000) });
    const charges = await db
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `program:${order.id}:%`));
    expect(charges.map((row) => row.status)).toEqual(['succeeded']);
    const program = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program')));
    expect(program.map((row) => [row.status, row.gatewayPaymentId])).toEqual([['succeeded', charges[0]!.id]]);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe('program_active');
    expect(
      (
        await db
          .select()
          .from(jobs)
          .where(eq(jobs.singletonKey, `program-billing:${order.id}`))
      )[0],
    ).toMatchObject({ status: 'done', attempts: 2 });
  }, 60_000);
});
