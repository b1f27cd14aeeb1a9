import { and, eq, like } from 'drizzle-orm';
import { emailOutbox, jobs, orderEvents, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { shopWithScriptedGateway, type ScriptedCharge } from './scripted-gateway.ts';
import type { TestShop } from './helpers.ts';
import { orderAwaitingProgramBilling } from './program-order.ts';

const program = 14_005;
const day = 24 * 3600 * 1000;

/** How the gateway treats each order's off-session charge in these tests (the real test gateway otherwise). */
const behaviour = new Map<string, ScriptedCharge>();

// The Improvement Program is billed by the queue's `program.bill` when results are in: exactly
// once per order, whatever happens to the job.
describe('program billing through the job queue', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await shopWithScriptedGateway(behaviour);
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const bill = (orderId: string, singletonKey?: string) => enqueue(db(), { name: 'program.bill', payload: { orderId }, singletonKey });

  async function expectBilledOnce(orderId: string, email: string) {
    const charges = await db()
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `program:${orderId}:%`));
    expect(charges.map((row) => [row.status, row.amountCents])).toEqual([['succeeded', program]]);
    const paid = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'program'), eq(payments.status, 'succeeded')));
    expect(paid).toHaveLength(1);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('program_active');
    const steps = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, 'program_charged')));
    expect(steps).toHaveLength(1);
    const receipts = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((mail) =>
      mail.subject.startsWith('Your Base receipt: Improvement Program'),
    );
    expect(receipts).toHaveLength(1);
    return receipts[0]!;
  }

  it('charges once when two workers race the same order, and e-mails an HSA/FSA receipt', async () => {
    const { order, email } = await orderAwaitingProgramBilling(shop);
    // queued twice without a singleton key, drained by three workers at once
    await bill(order.id);
    await bill(order.id);
    await Promise.all([shop.app.jobs.runDueJobs(), shop.app.jobs.runDueJobs(), shop.app.jobs.runDueJobs()]);
    const receipt = await expectBilledOnce(order.id, email);
    expect(receipt.text).toContain('Amount charged: $140.05');
    expect(receipt.text).toContain('Paid with: Visa ending in 4242');
    expect(receipt.text).toMatch(/Date: \w+ \d{1,2}, \d{4}/);
    expect(receipt.text).toContain('HSA or FSA');
    expect(receipt.html).toContain('Amount charged: $140.05');
  });

  it('charges once when the job runs again later', async () => {
    const { order, email } = await orderAwaitingProgramBilling(shop);
    await bill(order.id, `program-billing:${order.id}`);
    await shop.app.jobs.runDueJobs();
    await bill(order.id);
    await shop.app.jobs.runDueJobs();
    await expectBilledOnce(order.id, email);
  });

  it('charges once when the worker dies after the gateway charged and before the shop recorded it', async () => {
    const { order, email } = await orderAwaitingProgramBilling(shop);
    behaviour.set(order.id, 'crash_after_charge');
    await bill(order.id, `program-billing:${order.id}`);
    await shop.app.jobs.runDueJobs();
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `program-billing:${order.id}`));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the worker was killed' });
    const [started] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program')));
    expect(started?.status).toBe('started');

    // the retry uses the same key: the gateway answers with the first charge
    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 5 * 60_000) });
    await expectBilledOnce(order.id, email);
    expect(
      (
        await db()
          .select()
          .from(jobs)
          .where(eq(jobs.singletonKey, `program-billing:${order.id}`))
      )[0]?.status,
    ).toBe('done');
  });

  it('tries a declined card again on a schedule, then tells support', async () => {
    const { order, email } = await orderAwaitingProgramBilling(shop);
    behaviour.set(order.id, 'decline');
    await bill(order.id);
    await shop.app.jobs.runDueJobs();
    const [retry] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `program-bill:${order.id}:2`));
    expect(retry?.status).toBe('queued');
    expect(retry!.runAt.getTime() - Date.now()).toBeGreaterThan(day - 60_000);
    const supportMail = () => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'support@shop.test'));
    expect((await supportMail()).filter((mail) => mail.text?.includes(order.id))).toEqual([]);

    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 2 * day) });
    const [third] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `program-bill:${order.id}:3`));
    expect(third?.status).toBe('queued');
    expect(third!.runAt.getTime() - Date.now()).toBeGreaterThan(3 * day - 60_000);

    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 4 * day) });
    const attempts = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.purpose, 'program')));
    expect(attempts.map((row) => [row.attemptKey, row.status]).sort()).toEqual([
      [`program:${order.id}:1`, 'failed'],
      [`program:${order.id}:2`, 'failed'],
      [`program:${order.id}:3`, 'failed'],
    ]);
    const told = (await supportMail()).filter((mail) => mail.text?.includes(order.id));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`Program billing failed for order ${order.number}`);
    expect(told[0]!.text).toContain('after 3 tries');
    expect(told[0]!.text).toContain('card_declined');
    // nothing more is tried, and the customer got no receipt
    expect(await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 30 * day) })).toBe(0);
    const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after?.status).toBe('program_billing');
    expect(
      (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).some((mail) =>
        mail.subject.includes('Improvement Program'),
      ),
    ).toBe(false);
  });

  it('leaves the charge to the customer when the bank wants them, and their approval activates the program', async () => {
    const { order, email, visitor } = await orderAwaitingProgramBilling(shop, '4000 0027 6000 3184');
    await bill(order.id);
    await shop.app.jobs.runDueJobs();
    const [waiting] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(waiting?.status).toBe('program_billing');
    const approval = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter(
      (mail) => mail.subject === 'Please approve the charge for your Improvement Program',
    );
    expect(approval).toHaveLength(1);

    const started = await visitor.post(`/api/checkout/program-charges/${order.id}/approval`, {});
    expect(started.statusCode).toBe(202);
    await visitor.post('/api/payments/test-gateway/authentications', {
      clientSecret: started.json().requiresAction.clientSecret,
      approve: true,
    });
    expect((await visitor.post(`/api/checkout/program-charges/${order.id}/confirm`)).json()).toEqual({ state: 'paid' });
    const [active] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(active?.status).toBe('program_active');
    await shop.app.jobs.runDueJobs();
    const receipts = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).filter((mail) =>
      mail.subject.startsWith('Your Base receipt: Improvement Program'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Amount charged: $140.05');
  });
});
