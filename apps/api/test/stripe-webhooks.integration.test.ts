import { eq } from 'drizzle-orm';
import { emailOutbox, orders, paymentEvents, payments } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayRequest } from '../src/payments/port.ts';
import { adultAnswers, createTestShop, uniqueEmail, Visitor, type TestShop, everyConsent, quizConsent } from './helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { deliverStripeEvent, racingStripeGateway } from './stripe-fixtures.ts';

// The shop on Stripe (the local fake of its API), with webhooks signed as Stripe signs them:
// a second delivery, a webhook before the browser's return, a failure after a success and a
// refund all end in one order in the right state.
describe('Stripe webhooks through the shop', () => {
  let fake: StripeFake;
  let shop: TestShop;
  /** runs inside the gateway's pay(), after Stripe answered and before the shop writes it down */
  let duringPay: ((request: PayRequest) => Promise<void>) | null = null;

  beforeAll(async () => {
    fake = await startStripeFake();
    shop = await createTestShop({ payments: () => racingStripeGateway(fake.url, () => duringPay) });
  });
  afterAll(async () => {
    await shop.close();
    await fake.close();
  });

  async function customer(email = uniqueEmail('stripe')) {
    const visitor = new Visitor(shop.app);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    return { visitor, email };
  }

  const deliver = (event: { id: string }, secret?: string) => deliverStripeEvent(shop.app, event, secret);

  const eventsFor = (type: string, intentId: string) =>
    fake.ledger.events.filter(
      (event) => event.type === type && (event.data.object as { id?: string; payment_intent?: string }).id === intentId,
    );

  it('applies a success delivered twice at once and before the browser returns, once', async () => {
    const { visitor, email } = await customer();
    const started = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'pm_card_authenticationRequired' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(started.statusCode).toBe(202);
    const orderId = started.json().order.id as string;
    const [attempt] = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    fake.complete(attempt!.gatewayPaymentId!, 'succeeded');
    const [succeeded] = eventsFor('payment_intent.succeeded', attempt!.gatewayPaymentId!);

    const deliveries = await Promise.all([deliver(succeeded!), deliver(succeeded!)]);
    expect(deliveries.map((response) => response.json().result).sort()).toEqual(['applied', 'duplicate']);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid?.status).toBe('collection_pending');

    const returned = await visitor.post(`/api/checkout/orders/${orderId}/confirm`);
    expect(returned.statusCode).toBe(200);
    expect(returned.json().order.id).toBe(orderId);
    const rows = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    expect(await shop.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, succeeded!.id))).toHaveLength(1);
    await shop.app.jobs.runDueJobs();
    expect(await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1);
  });

  it('settles a webhook that overtakes the shop writing down the payment', async () => {
    const { visitor } = await customer();
    duringPay = async (request) => {
      const intent = [...fake.ledger.paymentIntents.values()].find((candidate) => candidate.metadata.orderId === request.metadata.orderId);
      const [event] = eventsFor('payment_intent.succeeded', intent!.id);
      expect((await deliver(event!)).json().result).toBe('applied');
    };
    try {
      const placed = await visitor.post(
        '/api/checkout/orders',
        { testedState: 'TX', consents: everyConsent, paymentMethod: 'pm_card_visa' },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json().order.id as string;
      const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.status).toBe('collection_pending');
      const rows = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(rows.map((row) => row.status)).toEqual(['succeeded']);
    } finally {
      duringPay = null;
    }
  });

  it('ignores a failure reported after the success, and a whole refund refunds the order', async () => {
    const { visitor } = await customer();
    const placed = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: 'pm_card_visa' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    const orderId = placed.json().order.id as string;
    const [attempt] = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const intentId = attempt!.gatewayPaymentId!;

    const lateFailure = {
      id: `evt_late_${intentId}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { ...fake.ledger.paymentIntents.get(intentId), status: 'requires_payment_method' } },
    };
    expect((await deliver(lateFailure)).json().result).toBe('applied');
    expect((await shop.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('collection_pending');

    await shop.app.payments.refund({ paymentId: intentId, amountCents: attempt!.amountCents, idempotencyKey: `refund:${orderId}` });
    const [refunded] = fake.ledger.events.filter(
      (event) => event.type === 'charge.refunded' && (event.data.object as { payment_intent?: string }).payment_intent === intentId,
    );
    expect(refunded).toBeDefined();
    expect((await deliver(refunded!)).json().result).toBe('applied');
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('refunded');
    const [after] = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(after?.refundedCents).toBe(attempt!.amountCents);
  });

  it('refuses a webhook with a wrong signature and writes nothing', async () => {
    const event = {
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_forged', metadata: {} } },
    };
    const response = await deliver(event, 'whsec_not_the_secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEBHOOK_SIGNATURE');
    expect(await shop.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_forged'))).toHaveLength(0);
  });

  it('tells the browser how to load the card form', async () => {
    const config = await new Visitor(shop.app).get('/api/payments/config');
    expect(config.json()).toEqual({ gateway: 'stripe', testMode: true, publishableKey: 'pk_test_shop', account: null });
  });
});
