import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GatewayUnavailableError, type PaymentGateway } from '../src/payments/port.ts';
import { createStripeGateway } from '../src/payments/stripe/gateway.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { configFor, payRequest, programCharge } from './stripe-fixtures.ts';

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

/** A checkout that kept the card: what the program charge starts from. */
async function savedCard(paymentMethod: string) {
  const outcome = await gateway.pay(payRequest({ paymentMethod, saveForLater: true }));
  if (outcome.status === 'requires_action') fake.complete(outcome.id, 'succeeded');
  const done = await gateway.retrieve(outcome.id);
  if (!done.customerId || !done.savedPaymentMethod) throw new Error(`the card ${paymentMethod} was not saved`);
  return { customerId: done.customerId, paymentMethod: done.savedPaymentMethod };
}

describe('a clinic’s card is saved with a SetupIntent, nothing charged', () => {
  const saveRequest = (paymentMethod = 'pm_card_visa') => ({
    paymentMethod,
    customerId: null,
    customerEmail: 'admin@clinic.example',
    idempotencyKey: `clinic-card:${crypto.randomUUID()}`,
    description: 'Card of Green Valley Clinic',
    metadata: { clinicId: 'clinic_1', purpose: 'clinic_card' as const },
  });

  it('confirms an off-session SetupIntent on a new customer and answers with the card and its expiry', async () => {
    const outcome = await gateway.saveCard(saveRequest());
    expect(outcome).toMatchObject({ status: 'succeeded', amountCents: 0, cardBrand: 'visa', cardLast4: '4242', clientSecret: null });
    expect(outcome.cardExpiry).toEqual({ month: expect.any(Number), year: expect.any(Number) });
    expect(outcome.id).toMatch(/^seti_/);
    expect(outcome.savedPaymentMethod).toMatch(/^pm_/);
    expect(received('/v1/payment_intents')).toHaveLength(0);
    expect(received('/v1/customers')).toHaveLength(1);
    expect(received('/v1/setup_intents')[0]?.body).toMatchObject({
      usage: 'off_session',
      confirm: 'true',
      customer: outcome.customerId,
      metadata: { clinicId: 'clinic_1', purpose: 'clinic_card' },
    });
  });

  it('hands back the secret when the bank wants its holder, and answers a refused card as declined', async () => {
    const asked = await gateway.saveCard(saveRequest('pm_card_authenticationRequired'));
    expect(asked.status).toBe('requires_action');
    expect(asked.clientSecret).toMatch(/^seti_\w+_secret_/);
    const refused = await gateway.saveCard(saveRequest('pm_card_chargeDeclined'));
    expect(refused).toMatchObject({ status: 'declined', savedPaymentMethod: null });
  });
});

describe('a checkout with nothing to pay now saves the card with a SetupIntent', () => {
  it('confirms an off-session SetupIntent and keeps the card', async () => {
    const outcome = await gateway.pay(payRequest({ amountCents: 0, saveForLater: true }));
    expect(outcome).toMatchObject({ status: 'succeeded', amountCents: 0, cardBrand: 'visa', cardLast4: '4242', clientSecret: null });
    expect(outcome.id).toMatch(/^seti_/);
    expect(outcome.savedPaymentMethod).toMatch(/^pm_/);
    expect(received('/v1/payment_intents')).toHaveLength(0);
    expect(received('/v1/setup_intents')[0]?.body).toMatchObject({
      usage: 'off_session',
      confirm: 'true',
      customer: outcome.customerId,
      metadata: { orderId: 'ord_1' },
    });
    expect(await gateway.retrieve(outcome.id)).toEqual(outcome);
  });

  it('hands back the SetupIntent secret when the bank wants authentication, then finds it done', async () => {
    const outcome = await gateway.pay(payRequest({ amountCents: 0, saveForLater: true, paymentMethod: 'pm_card_authenticationRequired' }));
    expect(outcome.status).toBe('requires_action');
    expect(outcome.clientSecret).toMatch(/^seti_\w+_secret_/);
    fake.complete(outcome.id, 'succeeded');
    expect(await gateway.retrieve(outcome.id)).toMatchObject({ status: 'succeeded', savedPaymentMethod: expect.stringMatching(/^pm_/) });
  });

  it('answers a card the bank refuses to save as declined', async () => {
    const outcome = await gateway.pay(payRequest({ amountCents: 0, saveForLater: true, paymentMethod: 'pm_card_chargeDeclined' }));
    expect(outcome).toMatchObject({ status: 'declined', declineCode: 'generic_decline', savedPaymentMethod: null, cardLast4: '0002' });
    expect(outcome.id).toMatch(/^seti_/);
  });
});

describe('the program charge, off-session with the saved card', () => {
  it('charges the saved card without the customer', async () => {
    const saved = await savedCard('pm_card_visa');
    const request = programCharge(saved.customerId, saved.paymentMethod);
    const outcome = await gateway.chargeSaved(request);
    expect(outcome).toMatchObject({
      status: 'succeeded',
      amountCents: 14005,
      customerId: saved.customerId,
      cardLast4: '4242',
      savedPaymentMethod: null,
    });
    const call = received('/v1/payment_intents').at(-1);
    expect(call?.idempotencyKey).toBe(request.idempotencyKey);
    expect(call?.body).toMatchObject({
      off_session: 'true',
      confirm: 'true',
      customer: saved.customerId,
      payment_method: saved.paymentMethod,
      metadata: { purpose: 'program' },
    });
  });

  it('comes back declined with authentication_required, the PaymentIntent and its secret, when the bank wants the customer', async () => {
    const saved = await savedCard('pm_card_authenticationRequired');
    const outcome = await gateway.chargeSaved(programCharge(saved.customerId, saved.paymentMethod));
    expect(outcome).toMatchObject({ status: 'declined', declineCode: 'authentication_required', amountCents: 14005, cardLast4: '3184' });
    expect(outcome.id).toMatch(/^pi_/);
    expect(outcome.clientSecret).toMatch(new RegExp(`^${outcome.id}_secret_`));
    expect(fake.ledger.paymentIntents.get(outcome.id)?.last_payment_error?.code).toBe('authentication_required');
    // looking it up again tells the same story
    expect(await gateway.retrieve(outcome.id)).toMatchObject({
      status: 'declined',
      declineCode: 'authentication_required',
      clientSecret: outcome.clientSecret,
    });
  });

  it('needs no authentication for a card authenticated when it was saved', async () => {
    const saved = await savedCard('pm_card_authenticationRequiredOnSetup');
    expect((await gateway.chargeSaved(programCharge(saved.customerId, saved.paymentMethod))).status).toBe('succeeded');
  });

  it('charges once when the job runs twice with the same key', async () => {
    const saved = await savedCard('pm_card_visa');
    const request = programCharge(saved.customerId, saved.paymentMethod);
    const [first, second] = [await gateway.chargeSaved(request), await gateway.chargeSaved(request)];
    expect(second).toEqual(first);
    expect([...fake.ledger.paymentIntents.values()].filter((intent) => intent.metadata.purpose === 'program')).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('refunds a payment once per key', async () => {
    const paid = await gateway.pay(payRequest());
    const refund = await gateway.refund({ paymentId: paid.id, amountCents: 7995, idempotencyKey: 'refund-ord_1' });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded' });
    expect(await gateway.refund({ paymentId: paid.id, amountCents: 7995, idempotencyKey: 'refund-ord_1' })).toEqual(refund);
    expect(fake.ledger.refunds.size).toBe(1);
    expect(received('/v1/refunds')[0]).toMatchObject({ body: { payment_intent: paid.id, amount: '7995' }, idempotencyKey: 'refund-ord_1' });
  });

  it('throws GatewayUnavailableError when Stripe refuses the refund', async () => {
    const paid = await gateway.pay(payRequest());
    await gateway.refund({ paymentId: paid.id, amountCents: 7995, idempotencyKey: 'refund-1' });
    await expect(gateway.refund({ paymentId: paid.id, amountCents: 100, idempotencyKey: 'refund-2' })).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });
});
