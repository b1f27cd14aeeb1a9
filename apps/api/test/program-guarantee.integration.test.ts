import { and, eq } from 'drizzle-orm';
import { auditLog, domainEvents, giftCards, orderEvents, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway } from '../src/payments/test-gateway.ts';
import { createTestShop, mailbox, staffVisitor, type TestShop, type Visitor } from './helpers.ts';
import { orderWithSamples, salivaResults } from './results-helpers.ts';

const DAY_MS = 86_400_000;

// The Improvement Program's guarantee ("tests free if no health optimization is found within 3
// tests"): an operator gives back what the member paid for the program's tests, to the card or
// as store credit, once, audited, and the member is told. And the 3rd test offered at the end.
describe('the Improvement Program’s guarantee', () => {
  let shop: TestShop;
  let operator: Visitor;
  let support: Visitor;
  /** while true, the payment provider refuses refunds */
  let refundsFail = false;
  beforeAll(async () => {
    shop = await createTestShop({
      env: { PUBLIC_URL: 'http://shop.test' },
      payments: (database) => {
        const gateway = createTestGateway(database);
        return {
          ...gateway,
          refund: async (request) => (refundsFail ? { id: 're_refused', status: 'failed' as const } : gateway.refund(request)),
        };
      },
    });
    operator = await staffVisitor(shop, 'operator');
    support = await staffVisitor(shop, 'support');
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  /** A member whose program is active (results in, program charged), started `daysAgo` days ago. */
  async function memberWithProgram(daysAgo = 0) {
    const { visitor, email, order } = await orderWithSamples(shop, { program: true });
    const clinician = await staffVisitor(shop, 'clinician');
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    await shop.app.jobs.runDueJobs();
    if (daysAgo > 0)
      await db()
        .update(orderEvents)
        .set({ createdAt: new Date(Date.now() - daysAgo * DAY_MS) })
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'program_active')));
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('program_active');
    return { visitor, email, order: row! };
  }

  async function completed() {
    const member = await memberWithProgram();
    await db().update(orders).set({ status: 'completed' }).where(eq(orders.id, member.order.id));
    return member;
  }

  const apply = (who: Visitor, orderId: string, body: unknown) => who.post(`/api/admin/orders/${orderId}/guarantee`, body);
  const cardsOf = (userId: string) => db().select().from(giftCards).where(eq(giftCards.userId, userId));
  const appliedEvents = (orderId: string) =>
    db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'program.guarantee_applied'), eq(domainEvents.subjectId, orderId)));
  const checkoutPayment = async (orderId: string) =>
    (
      await db()
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'checkout')))
    )[0]!;

  it('is not offered while the program runs its first weeks, and changes nothing when asked', async () => {
    const { order } = await memberWithProgram();
    const view = (await operator.get(`/api/admin/orders/${order.id}`)).json();
    expect(view.guarantee).toMatchObject({ eligible: false, amount: '$79.95', applied: null, message: expect.stringMatching(/week 8/) });
    expect(view.actions.map((action: { action: string }) => action.action)).not.toContain('apply_guarantee');
    const early = await apply(operator, order.id, { reason: 'No optimization found', method: 'store_credit' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'PROGRAM_NOT_RUN' });
    expect(await cardsOf(order.userId)).toEqual([]);
    expect(await appliedEvents(order.id)).toEqual([]);
  });

  it('needs a reason and a choice, and an operator', async () => {
    const { order } = await memberWithProgram(50);
    const noReason = await apply(operator, order.id, { reason: '   ', method: 'store_credit' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Please say why the guarantee applies');
    const noMethod = await apply(operator, order.id, { reason: 'No optimization found' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.body).toContain('Please choose a refund to the card or store credit.');
    const bySupport = await apply(support, order.id, { reason: 'No optimization found', method: 'store_credit' });
    expect(bySupport.statusCode).toBe(403);
    const supportView = (await support.get(`/api/admin/orders/${order.id}`)).json();
    expect(supportView.actions).toContainEqual({ action: 'apply_guarantee', allowed: false });
    expect(await cardsOf(order.userId)).toEqual([]);
    expect(await appliedEvents(order.id)).toEqual([]);
  });

  it('gives the tests’ price back as store credit from week 8, once, audited, and tells the member', async () => {
    const { visitor, email, order } = await memberWithProgram(50);
    const before = (await operator.get(`/api/admin/orders/${order.id}`)).json();
    expect(before.guarantee).toMatchObject({ eligible: true, amount: '$79.95', amountCents: 7995, message: null });
    expect(before.actions).toContainEqual({ action: 'apply_guarantee', allowed: true });

    const applied = await apply(operator, order.id, { reason: ' No optimization found in 3 tests ', method: 'store_credit' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().guarantee).toMatchObject({ eligible: false, applied: { method: 'store_credit', amount: '$79.95' } });
    expect(applied.json().actions.map((action: { action: string }) => action.action)).not.toContain('apply_guarantee');
    expect(applied.json().status).toBe('program_active');

    const credit = (await visitor.get('/api/account/store-credit')).json();
    expect(credit).toMatchObject({ balanceCents: 7995, balance: '$79.95', cards: [{ label: 'Improvement Program guarantee' }] });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, order.id), eq(auditLog.action, 'order.apply_guarantee')));
    expect(audit).toMatchObject({
      actorRole: 'operator',
      detail: { reason: 'No optimization found in 3 tests', method: 'store_credit', amountCents: 7995 },
    });
    expect(await appliedEvents(order.id)).toHaveLength(1);

    const mails = (await mailbox(shop, email)).filter((mail) => mail.template === 'program-guarantee-applied');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Improvement Program guarantee');
    expect(mails[0]!.text).toContain('tests free if no health optimization is found within 3 tests');
    expect(mails[0]!.text).toContain('$79.95 of store credit');
    // no health data: neither the results nor the operator's reason
    expect(mails[0]!.text).not.toMatch(/cortisol|No optimization found/i);

    const again = await apply(operator, order.id, { reason: 'Again', method: 'refund' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'GUARANTEE_ALREADY_APPLIED',
      message: 'The guarantee was already applied to this order. It is applied once.',
    });
    expect(await cardsOf(order.userId)).toHaveLength(1);
    expect((await checkoutPayment(order.id)).refundedCents).toBe(0);
  });

  it('refunds the tests’ price to the card of a completed program through the payment port, keeping the order', async () => {
    const { email, order } = await completed();
    const applied = await apply(operator, order.id, { reason: 'No optimization found', method: 'refund' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'completed', guarantee: { applied: { method: 'refund', amount: '$79.95' } } });
    const payment = await checkoutPayment(order.id);
    expect(payment).toMatchObject({ amountCents: 7995, refundedCents: 7995 });
    const [charge] = await db().select().from(testGatewayCharges).where(eq(testGatewayCharges.id, payment.gatewayPaymentId!));
    expect(charge!.refundedCents).toBe(7995);
    expect(await cardsOf(order.userId)).toEqual([]);
    const steps = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(steps.map((step) => step.event)).toEqual(expect.arrayContaining(['guarantee_refund_started', 'guarantee_applied']));
    const mails = (await mailbox(shop, email)).filter((mail) => mail.template === 'program-guarantee-applied');
    expect(mails.map((mail) => mail.text)).toEqual([expect.stringContaining('We have refunded $79.95 to the card you paid with.')]);

    const again = await apply(operator, order.id, { reason: 'Again', method: 'refund' });
    expect(again.statusCode).toBe(409);
    expect((await checkoutPayment(order.id)).refundedCents).toBe(7995);
  });

  it('finishes a refund the payment provider refused as a refund, never as store credit on top', async () => {
    const { order } = await completed();
    refundsFail = true;
    const refused = await apply(operator, order.id, { reason: 'No optimization found', method: 'refund' });
    refundsFail = false;
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'REFUND_FAILED' });
    const view = (await operator.get(`/api/admin/orders/${order.id}`)).json();
    expect(view.guarantee).toMatchObject({ eligible: true, applied: null, refundStarted: true });
    const credit = await apply(operator, order.id, { reason: 'No optimization found', method: 'store_credit' });
    expect(credit.statusCode).toBe(409);
    expect(credit.json()).toMatchObject({ code: 'GUARANTEE_REFUND_UNDER_WAY' });
    expect(await cardsOf(order.userId)).toEqual([]);
    const finished = await apply(operator, order.id, { reason: 'No optimization found', method: 'refund' });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json().guarantee).toMatchObject({ applied: { method: 'refund' }, refundStarted: false });
    expect((await checkoutPayment(order.id)).refundedCents).toBe(7995);
  });

  it('is applied once when two operators race, whatever each chose', async () => {
    for (const methods of [
      ['store_credit', 'store_credit'],
      ['refund', 'refund'],
      ['refund', 'store_credit'],
    ] as const) {
      const { order } = await completed();
      const answers = await Promise.all(methods.map((method) => apply(operator, order.id, { reason: 'No optimization found', method })));
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const events = await appliedEvents(order.id);
      expect(events).toHaveLength(1);
      const method = (events[0]!.payload as { method: string }).method;
      expect((await cardsOf(order.userId)).length).toBe(method === 'store_credit' ? 1 : 0);
      expect((await checkoutPayment(order.id)).refundedCents).toBe(method === 'refund' ? 7995 : 0);
    }
  });

  it('is refused for an order without the program, and for an unknown order', async () => {
    const { order } = await orderWithSamples(shop);
    await db().update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    const view = (await operator.get(`/api/admin/orders/${order.id}`)).json();
    expect(view.guarantee).toBeNull();
    const refused = await apply(operator, order.id, { reason: 'No optimization found', method: 'store_credit' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'NOT_A_PROGRAM' });
    const unknown = await apply(operator, crypto.randomUUID(), { reason: 'No optimization found', method: 'store_credit' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the 3rd test offered at the end of the program', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  });
  afterAll(() => shop.close());

  it('is offered from week 8 and once completed: the starter test again at its price, with the guarantee', async () => {
    const { visitor, order } = await orderWithSamples(shop, { program: true });
    const db = shop.database.db;
    const clinician = await staffVisitor(shop, 'clinician');
    await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    await shop.app.jobs.runDueJobs();
    expect((await visitor.get('/api/account/program/third-test')).json()).toEqual({ offer: null });

    await db
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 50 * DAY_MS) })
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, 'program_active')));
    const offer = (await visitor.get('/api/account/program/third-test')).json().offer;
    expect(offer).toEqual({
      order: { id: order.id, number: order.number },
      productCode: 'base-quiz',
      testId: 53,
      title: 'Cortisol Test',
      price: '$79.95',
      priceCents: 7995,
      guarantee: 'tests free if no health optimization is found within 3 tests',
    });

    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, order.id));
    expect((await visitor.get('/api/account/program/third-test')).json().offer).toMatchObject({ testId: 53 });

    const added = await visitor.post('/api/cart/items', { productCode: offer.productCode, testId: offer.testId, origin: 'addon' });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect(added.json().cart ?? added.json()).toMatchObject({
      items: [expect.objectContaining({ productCode: 'base-quiz', testId: 53, unitPriceCents: 7995 })],
    });
  });

  it('is no one’s but the member’s: a visitor must sign in, another member has none', async () => {
    const anonymous = await shop.app.inject({ method: 'GET', url: '/api/account/program/third-test' });
    expect(anonymous.statusCode).toBe(401);
    const { visitor } = await orderWithSamples(shop);
    expect((await visitor.get('/api/account/program/third-test')).json()).toEqual({ offer: null });
  });
});
