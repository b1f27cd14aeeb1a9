import { and, eq, like } from 'drizzle-orm';
import { auditLog, orders, subscriptionDeliveries, subscriptions, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { GatewayUnavailableError, type PaymentGateway } from '../src/payments/port.ts';
import { createTestGateway } from '../src/payments/test-gateway.ts';
import { createTestShop, staffVisitor, type TestShop, type Visitor } from './helpers.ts';
import { orderAwaitingProgramBilling } from './program-order.ts';
import { declinedCharge } from './scripted-gateway.ts';
import { dueTimes, subscriptionOrder } from './subscription-order.ts';

const day = 24 * 3600 * 1000;

/** The orders whose off-session charges the card's bank declines, for now (the real test gateway otherwise). */
const declining = new Set<string>();
/** The orders whose charges the gateway takes and then never answers, for now: the shop cannot know the outcome. */
const unanswered = new Set<string>();

function decliningGateway(db: Parameters<typeof createTestGateway>[0]): PaymentGateway {
  const real = createTestGateway(db);
  return {
    ...real,
    async chargeSaved(request) {
      if (unanswered.has(request.metadata.orderId)) {
        await real.chargeSaved(request);
        throw new GatewayUnavailableError('the connection was reset');
      }
      if (!declining.has(request.metadata.orderId)) return real.chargeSaved(request);
      return declinedCharge(request, 'insufficient_funds');
    },
  };
}

// Unbilled programs and failed renewals in the console: listed once every automatic try is spent,
// retried by an operator through the usual billing job, audited, and charged once when two
// operators (or two clicks) retry at once.
describe('charges not taken, retried from the console', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    shop = await createTestShop({ payments: decliningGateway });
    operator = await staffVisitor(shop, 'operator');
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const stuck = async () => {
    const response = await operator.get('/api/admin/billing/stuck');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{
      programs: {
        orderId: string;
        orderNumber: number;
        amount: string;
        tries: number;
        lastTry: { status: string; failureCode: string } | null;
      }[];
      renewals: { deliveryId: string; orderNumber: number; subscriptionStatus: string; failureCode: string | null; tries: number }[];
    }>();
  };
  const succeededCharges = async (keyPrefix: string) =>
    db()
      .select()
      .from(testGatewayCharges)
      .where(and(like(testGatewayCharges.idempotencyKey, `${keyPrefix}%`), eq(testGatewayCharges.status, 'succeeded')));

  it('lists a program declined on every try, and two retries at once charge it once', async () => {
    const { order } = await orderAwaitingProgramBilling(shop);
    declining.add(order.id);
    await enqueue(db(), { name: 'program.bill', payload: { orderId: order.id }, singletonKey: `program-billing:${order.id}` });
    // the first try, then the two the schedule makes a day and three days later
    for (const after of [0, day + 60_000, 4 * day + 120_000]) await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + after) });
    const listed = (await stuck()).programs.find((program) => program.orderId === order.id);
    expect(listed).toMatchObject({
      orderNumber: order.number,
      amount: '$140.05',
      tries: 3,
      lastTry: { status: 'failed', failureCode: 'insufficient_funds' },
    });

    // the customer's bank lets it through now; two operators retry at the same moment
    declining.delete(order.id);
    const retries = await Promise.all([
      operator.post(`/api/admin/billing/programs/${order.id}/retry`),
      operator.post(`/api/admin/billing/programs/${order.id}/retry`),
    ]);
    expect(retries.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const accepted = retries.find((response) => response.statusCode === 200)!.json();
    expect(accepted).toEqual({ message: `Order ${order.number}'s program charge is queued to be tried again.`, attempt: 4 });
    expect(retries.find((response) => response.statusCode === 409)!.json().code).toBe('RETRY_QUEUED');
    // queued, so no longer waiting for a person
    expect((await stuck()).programs.map((program) => program.orderId)).not.toContain(order.id);

    await Promise.all([shop.app.jobs.runDueJobs(), shop.app.jobs.runDueJobs()]);
    expect((await succeededCharges(`program:${order.id}:`)).map((charge) => charge.amountCents)).toEqual([14_005]);
    const [billed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(billed?.status).toBe('program_active');

    const again = await operator.post(`/api/admin/billing/programs/${order.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PROGRAM_NOT_UNBILLED');
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'program.billing_retry'), eq(auditLog.subjectId, order.id)));
    expect(audited.map((row) => row.detail)).toEqual([{ attempt: 4 }]);
  });

  it('retries a program whose try never heard back with the same key, so the charge the gateway took is the one', async () => {
    const { order } = await orderAwaitingProgramBilling(shop);
    unanswered.add(order.id);
    await enqueue(db(), { name: 'program.bill', payload: { orderId: order.id }, singletonKey: `program-billing:${order.id}` });
    // five runs, each after the last one's backoff, then the job has failed for good
    for (let run = 1; run <= 5; run += 1) await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + run * 3600_000) });
    const listed = (await stuck()).programs.find((program) => program.orderId === order.id);
    expect(listed).toMatchObject({ tries: 1, lastTry: { status: 'started' } });
    // the gateway took the money on the first ask; only its answer was lost
    expect(await succeededCharges(`program:${order.id}:`)).toHaveLength(1);

    unanswered.delete(order.id);
    const retried = await operator.post(`/api/admin/billing/programs/${order.id}/retry`);
    expect(retried.json()).toMatchObject({ attempt: 1 });
    await shop.app.jobs.runDueJobs();
    expect((await succeededCharges(`program:${order.id}:`)).map((charge) => charge.idempotencyKey)).toEqual([`program:${order.id}:1`]);
    const [billed] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(billed?.status).toBe('program_active');
  });

  it('lists a renewal declined on every try, and two retries at once charge it once and make it active again', async () => {
    const { subscription, orderId, orderNumber } = await subscriptionOrder(shop);
    const { due, after } = dueTimes(subscription);
    declining.add(orderId);
    for (const when of [due, after(day), after(4 * day)]) await shop.app.jobs.runDueJobs({ now: when });
    const [past] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(past?.status).toBe('past_due');
    const listed = (await stuck()).renewals.find((renewal) => renewal.orderNumber === orderNumber);
    expect(listed).toMatchObject({ subscriptionStatus: 'past_due', failureCode: 'insufficient_funds', tries: 3 });

    declining.delete(orderId);
    const retries = await Promise.all([
      operator.post(`/api/admin/billing/renewals/${listed!.deliveryId}/retry`),
      operator.post(`/api/admin/billing/renewals/${listed!.deliveryId}/retry`),
    ]);
    expect(retries.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(retries.find((response) => response.statusCode === 200)!.json().attempt).toBe(4);

    await Promise.all([shop.app.jobs.runDueJobs({ now: after(5 * day) }), shop.app.jobs.runDueJobs({ now: after(5 * day) })]);
    expect((await succeededCharges(`subscription:${subscription.id}:2:`)).map((charge) => charge.idempotencyKey)).toEqual([
      `subscription:${subscription.id}:2:4`,
    ]);
    const [delivery] = await db().select().from(subscriptionDeliveries).where(eq(subscriptionDeliveries.id, listed!.deliveryId));
    expect(delivery?.status).toBe('charged');
    const [active] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(active?.status).toBe('active');
    expect((await stuck()).renewals.map((renewal) => renewal.deliveryId)).not.toContain(listed!.deliveryId);
    expect((await operator.post(`/api/admin/billing/renewals/${listed!.deliveryId}/retry`)).json().code).toBe('RENEWAL_NOT_FAILED');
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'subscription.renewal_retry'), eq(auditLog.subjectId, subscription.id)));
    expect(audited).toHaveLength(1);
  });

  it('is for operators only, and refuses an id that is not one', async () => {
    for (const role of ['support', 'clinician'] as const) {
      expect((await (await staffVisitor(shop, role)).get('/api/admin/billing/stuck')).statusCode).toBe(403);
    }
    expect((await operator.post('/api/admin/billing/programs/not-an-id/retry')).statusCode).toBe(400);
    expect((await operator.post(`/api/admin/billing/renewals/${crypto.randomUUID()}/retry`)).statusCode).toBe(404);
  });
});
