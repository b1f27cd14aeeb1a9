import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../port.ts';
import { createStripeGateway } from './gateway.ts';

const secret = 'whsec_unit_test';
// parsing a webhook makes no request: nothing listens at this address
const gateway = createStripeGateway({
  secretKey: 'sk_test_unit',
  publishableKey: 'pk_test_unit',
  webhookSecret: secret,
  account: null,
  apiUrl: 'http://127.0.0.1:9',
});

function event(type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id: `evt_${type.replace(/\W/g, '')}`,
    object: 'event',
    type,
    created: 1_780_000_000,
    livemode: false,
    data: { object },
  });
}

function signed(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
}

const parse = (payload: string, signature: string | undefined) => gateway.parseWebhook(Buffer.from(payload), signature);

const metadata = { orderId: 'ord_42', purpose: 'program' };

describe('Stripe webhooks', () => {
  it.each([
    [
      'payment_intent.succeeded',
      { id: 'pi_1', object: 'payment_intent', amount: 14005, amount_received: 14005, metadata },
      { type: 'payment_succeeded', paymentId: 'pi_1', amountCents: 14005 },
    ],
    [
      'payment_intent.payment_failed',
      { id: 'pi_2', object: 'payment_intent', amount: 14005, amount_received: 0, metadata },
      { type: 'payment_failed', paymentId: 'pi_2', amountCents: 14005 },
    ],
    [
      'setup_intent.succeeded',
      { id: 'seti_1', object: 'setup_intent', metadata },
      { type: 'setup_succeeded', paymentId: 'seti_1', amountCents: 0 },
    ],
    [
      'charge.refunded',
      { id: 'ch_1', object: 'charge', amount: 14005, amount_refunded: 5000, payment_intent: 'pi_1', metadata },
      { type: 'refunded', paymentId: 'pi_1', amountCents: 5000 },
    ],
  ])('reduces a verified %s to what the shop acts on', (type, object, expected) => {
    const payload = event(type, object);
    expect(parse(payload, signed(payload))).toEqual({
      id: `evt_${type.replace(/\W/g, '')}`,
      orderId: 'ord_42',
      purpose: 'program',
      ...expected,
    });
  });

  it('acknowledges every other event type as ignored', () => {
    const payload = event('customer.created', { id: 'cus_1', object: 'customer', metadata: {} });
    expect(parse(payload, signed(payload))).toEqual({
      id: 'evt_customercreated',
      type: 'ignored',
      paymentId: null,
      orderId: null,
      purpose: null,
      amountCents: 0,
    });
  });

  it('reads a clinic card’s setup as no order’s, and its charge as the order’s it paid', () => {
    const setup = event('setup_intent.succeeded', {
      id: 'seti_9',
      object: 'setup_intent',
      metadata: { clinicId: 'clinic_1', purpose: 'clinic_card' },
    });
    expect(parse(setup, signed(setup))).toMatchObject({ type: 'setup_succeeded', orderId: null, purpose: 'clinic_card' });
    const charge = event('payment_intent.succeeded', {
      id: 'pi_9',
      object: 'payment_intent',
      amount: 7995,
      amount_received: 7995,
      metadata: { orderId: 'ord_9', purpose: 'clinic_card' },
    });
    expect(parse(charge, signed(charge))).toMatchObject({ type: 'payment_succeeded', orderId: 'ord_9', purpose: 'clinic_card' });
  });

  it('reads an employer’s card payment by the employer payment it is, with no order', () => {
    const paid = event('payment_intent.succeeded', {
      id: 'pi_10',
      object: 'payment_intent',
      amount: 39_975,
      amount_received: 39_975,
      metadata: { employerPaymentId: 'employer_payment_1', purpose: 'employer_invoice' },
    });
    expect(parse(paid, signed(paid))).toEqual({
      id: expect.any(String),
      type: 'payment_succeeded',
      paymentId: 'pi_10',
      orderId: null,
      purpose: 'employer_invoice',
      employerPaymentId: 'employer_payment_1',
      amountCents: 39_975,
    });
  });

  it.each([
    ['invoice.paid', 'invoice_paid', { finalized_at: 1_780_000_100, paid_at: 1_780_000_200, voided_at: null }, 1_780_000_200],
    ['invoice.voided', 'invoice_voided', { finalized_at: 1_780_000_100, paid_at: null, voided_at: 1_780_000_300 }, 1_780_000_300],
    // no transition time: the event's own
    ['invoice.paid', 'invoice_paid', { finalized_at: null, paid_at: null, voided_at: null }, 1_780_000_000],
  ])('reduces a verified %s to the Stripe invoice, the shop’s own id of it and when it happened', (type, expected, transitions, at) => {
    const payload = event(type, { id: 'in_7', object: 'invoice', status_transitions: transitions, metadata: { invoice_id: 'ours' } });
    expect(parse(payload, signed(payload))).toEqual({
      id: `evt_${type.replace(/\W/g, '')}`,
      type: expected,
      invoiceId: 'in_7',
      issuedFor: 'ours',
      at: new Date(at * 1000),
    });
  });

  it('keeps no own id of an invoice the shop did not issue', () => {
    const transitions = { finalized_at: null, paid_at: null, voided_at: null };
    const payload = event('invoice.paid', { id: 'in_8', object: 'invoice', status_transitions: transitions, metadata: {} });
    expect(parse(payload, signed(payload))).toMatchObject({ invoiceId: 'in_8', issuedFor: null });
  });

  it('keeps no order from metadata the shop did not write', () => {
    const payload = event('payment_intent.succeeded', {
      id: 'pi_3',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      metadata: { purpose: 'donation' },
    });
    expect(parse(payload, signed(payload))).toMatchObject({ orderId: null, purpose: null });
  });

  it('refuses a body changed after it was signed', () => {
    const payload = event('payment_intent.succeeded', {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      metadata,
    });
    const signature = signed(payload);
    expect(() => parse(payload.replace('"amount":100', '"amount":1'), signature)).toThrow(WebhookSignatureError);
  });

  it('refuses a signature made with another secret', () => {
    const payload = event('payment_intent.succeeded', {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      metadata,
    });
    expect(() => parse(payload, signed(payload, { secret: 'whsec_someone_else' }))).toThrow(WebhookSignatureError);
  });

  it('refuses a replay of an old delivery', () => {
    const payload = event('payment_intent.succeeded', {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      metadata,
    });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect(() => parse(payload, signed(payload, { timestamp: tenMinutesAgo }))).toThrow(/tolerance/i);
    expect(() => parse(payload, signed(payload, { timestamp: tenMinutesAgo }))).toThrow(WebhookSignatureError);
  });

  it('refuses a delivery without a signature header', () => {
    const payload = event('payment_intent.succeeded', {
      id: 'pi_1',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      metadata,
    });
    expect(() => parse(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => parse(payload, 'garbage')).toThrow(WebhookSignatureError);
  });
});
