import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentGateway } from '../src/payments/port.ts';
import { createStripeGateway } from '../src/payments/stripe/gateway.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { configFor, payRequest, webhookSecret } from './stripe-fixtures.ts';

let fake: StripeFake;
let gateway: PaymentGateway;

const received = (path: string) => fake.requests.filter((request) => request.path === path);

beforeEach(async () => {
  fake = await startStripeFake();
  gateway = createStripeGateway(configFor(fake.url));
});

afterEach(async () => {
  await fake.close();
});

describe('the Stripe gateway pays on the server', () => {
  it('creates a Customer and a confirmed card-only PaymentIntent, keyed for idempotency', async () => {
    const request = payRequest();
    const outcome = await gateway.pay(request);

    expect(outcome).toMatchObject({
      status: 'succeeded',
      amountCents: 7995,
      cardBrand: 'visa',
      cardLast4: '4242',
      savedPaymentMethod: null,
      clientSecret: null,
      declineCode: null,
    });
    expect(outcome.id).toMatch(/^pi_/);
    expect(outcome.customerId).toMatch(/^cus_/);
    const [customerCall] = received('/v1/customers');
    expect(customerCall).toMatchObject({
      body: { email: 'ada@example.com' },
      idempotencyKey: `${request.idempotencyKey}:customer`,
      apiKey: 'sk_test_shop',
    });
    const [intentCall] = received('/v1/payment_intents');
    expect(intentCall?.idempotencyKey).toBe(request.idempotencyKey);
    expect(intentCall?.body).toEqual({
      amount: '7995',
      currency: 'usd',
      customer: outcome.customerId,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      allowed_payment_method_types: ['card'],
      description: 'Base order ord_1',
      metadata: { orderId: 'ord_1', purpose: 'checkout' },
      expand: ['payment_method'],
    });
    expect(fake.ledger.paymentIntents.get(outcome.id)?.status).toBe('succeeded');
  });

  it('saves the card on the Customer for the program charge when asked', async () => {
    const outcome = await gateway.pay(payRequest({ saveForLater: true }));
    expect(outcome.status).toBe('succeeded');
    expect(received('/v1/payment_intents')[0]?.body.setup_future_usage).toBe('off_session');
    // Stripe turns the test reference into a card of its own, and that is what is kept
    expect(outcome.savedPaymentMethod).toMatch(/^pm_[0-9a-f]+$/);
    expect(fake.ledger.paymentMethods.get(outcome.savedPaymentMethod!)?.customer).toBe(outcome.customerId);
  });

  it("reuses the account's Customer instead of making another", async () => {
    const first = await gateway.pay(payRequest());
    const second = await gateway.pay(payRequest({ customerId: first.customerId }));
    expect(second.customerId).toBe(first.customerId);
    expect(received('/v1/customers')).toHaveLength(1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', '0002'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds', '9995'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', '0069'],
  ])('answers a card error from %s as declined with %s', async (paymentMethod, declineCode, last4) => {
    const outcome = await gateway.pay(payRequest({ paymentMethod, saveForLater: true }));
    expect(outcome).toMatchObject({
      status: 'declined',
      declineCode,
      cardBrand: 'visa',
      cardLast4: last4,
      amountCents: 7995,
      savedPaymentMethod: null,
      clientSecret: null,
    });
    expect(received('/v1/payment_intents')[0]?.status).toBe(402);
    expect(fake.ledger.paymentIntents.get(outcome.id)?.status).toBe('requires_payment_method');
  });

  it('hands back the client secret when the bank asks the customer to authenticate, then finds the payment done', async () => {
    const outcome = await gateway.pay(payRequest({ paymentMethod: 'pm_card_authenticationRequired', saveForLater: true }));
    expect(outcome).toMatchObject({ status: 'requires_action', savedPaymentMethod: null, cardLast4: '3184' });
    expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.id}_secret_`));
    expect(await gateway.retrieve(outcome.id)).toMatchObject({ status: 'requires_action' });

    fake.complete(outcome.id, 'succeeded');
    const after = await gateway.retrieve(outcome.id);
    expect(after).toMatchObject({ status: 'succeeded', id: outcome.id, amountCents: 7995, clientSecret: null, cardLast4: '3184' });
    expect(after.savedPaymentMethod).toMatch(/^pm_/);
    expect(received(`/v1/payment_intents/${outcome.id}`).at(-1)?.query).toEqual({ expand: ['payment_method'] });
  });

  it('reports a failed authentication as declined and a payment the bank is still settling as processing', async () => {
    const failed = await gateway.pay(payRequest({ paymentMethod: 'pm_card_authenticationRequired' }));
    fake.complete(failed.id, 'failed');
    expect(await gateway.retrieve(failed.id)).toMatchObject({ status: 'declined', declineCode: 'payment_intent_authentication_failure' });

    const slow = await gateway.pay(payRequest({ paymentMethod: 'pm_card_authenticationRequired' }));
    fake.complete(slow.id, 'processing');
    expect(await gateway.retrieve(slow.id)).toMatchObject({ status: 'processing' });
  });

  it('refuses a payment method Stripe does not know as invalid card details', async () => {
    await expect(gateway.pay(payRequest({ paymentMethod: 'pm_forged' }))).rejects.toBeInstanceOf(InvalidPaymentMethodError);
  });
});

describe('idempotency', () => {
  it('makes one PaymentIntent and one Customer when the same key is paid twice', async () => {
    const request = payRequest();
    const first = await gateway.pay(request);
    const second = await gateway.pay(request);
    expect(second).toEqual(first);
    expect(fake.ledger.paymentIntents.size).toBe(1);
    expect(fake.ledger.customers.size).toBe(1);
    expect(received('/v1/payment_intents').map((call) => call.replayed)).toEqual([false, true]);
  });

  it('replays a decline rather than trying the card again', async () => {
    const request = payRequest({ paymentMethod: 'pm_card_chargeDeclined' });
    const first = await gateway.pay(request);
    const second = await gateway.pay(request);
    expect(second).toEqual(first);
    expect(fake.ledger.charges.size).toBe(1);
  });

  it('retries through a 5xx with the same key and charges once', async () => {
    const retrying = createStripeGateway(configFor(fake.url, { maxNetworkRetries: 2 }));
    fake.failNext(1);
    const outcome = await retrying.pay(payRequest({ customerId: null }));
    expect(outcome.status).toBe('succeeded');
    const customerCalls = received('/v1/customers');
    expect(customerCalls.map((call) => call.status)).toEqual([500, 200]);
    expect(new Set(customerCalls.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(fake.ledger.paymentIntents.size).toBe(1);
  });
});

describe('the gateway unavailable', () => {
  it('throws GatewayUnavailableError when Stripe cannot be reached', async () => {
    const gone = await startStripeFake();
    await gone.close();
    const unreachable = createStripeGateway(configFor(gone.url));
    await expect(unreachable.pay(payRequest())).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(unreachable.retrieve('pi_123')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('throws GatewayUnavailableError on a 5xx and on a refused key', async () => {
    fake.failNext(1);
    await expect(gateway.pay(payRequest())).rejects.toBeInstanceOf(GatewayUnavailableError);
    const wrongKey = createStripeGateway(configFor(fake.url, { secretKey: 'sk_live_not_for_a_fake' }));
    await expect(wrongKey.retrieve('pi_123')).rejects.toBeInstanceOf(GatewayUnavailableError);
    expect(fake.requests.at(-1)?.status).toBe(401);
  });
});

describe('browser configuration and connected accounts', () => {
  it('tells the browser the publishable key, the account and whether it is a test key', async () => {
    expect(gateway.browserConfig()).toEqual({ gateway: 'stripe', testMode: true, publishableKey: 'pk_test_shop', account: null });
    expect(gateway.testMode).toBe(true);
    const live = createStripeGateway(configFor(fake.url, { secretKey: 'sk_live_abc', publishableKey: 'pk_live_abc', account: 'acct_123' }));
    expect(live.browserConfig()).toEqual({ gateway: 'stripe', testMode: false, publishableKey: 'pk_live_abc', account: 'acct_123' });
  });

  it('makes its calls on the connected account the card form used', async () => {
    const connected = createStripeGateway(configFor(fake.url, { account: 'acct_123' }));
    await connected.pay(payRequest());
    expect(fake.requests.map((request) => request.stripeAccount)).toEqual(['acct_123', 'acct_123']);
  });
});

describe("webhooks from the fake's own events", () => {
  function deliver(type: string) {
    const event = fake.ledger.events.filter((candidate) => candidate.type === type).at(-1);
    if (!event) throw new Error(`no ${type} event`);
    const payload = JSON.stringify(event);
    return gateway.parseWebhook(Buffer.from(payload), Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }));
  }

  it('tells of a payment and its refund the same way the answers did', async () => {
    const paid = await gateway.pay(payRequest());
    expect(deliver('payment_intent.succeeded')).toMatchObject({
      type: 'payment_succeeded',
      paymentId: paid.id,
      orderId: 'ord_1',
      purpose: 'checkout',
      amountCents: 7995,
    });
    await gateway.refund({ paymentId: paid.id, amountCents: 2000, idempotencyKey: 'refund-1' });
    expect(deliver('charge.refunded')).toMatchObject({ type: 'refunded', paymentId: paid.id, orderId: 'ord_1', amountCents: 2000 });
    expect(deliver('customer.created').type).toBe('ignored');
  });
});
