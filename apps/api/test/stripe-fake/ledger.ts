import { attemptResult, testCards, type Attempt, type Decline } from './cards.ts';
import { amountParam, booleanParam, listParam, metadataParam, requiredParam, stringParam, type FormObject } from './form.ts';
import {
  ApiError,
  authenticationAction,
  invalidRequest,
  newId,
  now,
  paymentError,
  type CardState,
  type Charge,
  type Customer,
  type PaymentIntent,
  type PaymentMethod,
  type SetupIntent,
  type StripeEvent,
} from './objects.ts';
import { createRefund } from './refunds.ts';
import { createTransfer, type Transfer } from './transfers.ts';
import { InvoiceBook } from './invoices.ts';

const authenticationFailure: Decline = {
  code: 'payment_intent_authentication_failure',
  declineCode: null,
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** Everything the fake Stripe account holds, and the rules that change it. */
export class Ledger {
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly cards = new Map<string, CardState>();
  readonly paymentIntents = new Map<string, PaymentIntent>();
  readonly setupIntents = new Map<string, SetupIntent>();
  readonly charges = new Map<string, Charge>();
  readonly refunds = new Map<string, ReturnType<typeof createRefund>>();
  readonly transfers = new Map<string, Transfer>();
  readonly invoicing = new InvoiceBook(
    (id) => this.customers.has(id),
    (type, object) => this.emit(type, object),
  );
  /** the events Stripe would deliver to a webhook endpoint, oldest first */
  readonly events: StripeEvent[] = [];
  private request: StripeEvent['request'] = { id: null, idempotency_key: null };

  constructor(private readonly apiVersion: string) {}

  beginRequest(id: string, idempotencyKey: string | null) {
    this.request = { id, idempotency_key: idempotencyKey };
  }

  emit(type: string, object: unknown) {
    this.events.push({
      id: newId('evt'),
      object: 'event',
      api_version: this.apiVersion,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { ...this.request },
      type,
    });
  }

  createCustomer(form: FormObject): Customer {
    const customer: Customer = {
      id: newId('cus'),
      object: 'customer',
      email: stringParam(form, 'email'),
      address: typeof form.address === 'object' && !Array.isArray(form.address) ? form.address : null,
      metadata: metadataParam(form),
      created: now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    this.emit('customer.created', customer);
    return customer;
  }

  createPaymentIntent(form: FormObject): PaymentIntent {
    const amount = amountParam(form, 'amount');
    if (amount < 50) throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    const currency = requiredParam(form, 'currency');
    const customer = this.customerParam(form);
    const confirm = booleanParam(form, 'confirm');
    const offSession = booleanParam(form, 'off_session');
    if (offSession && !confirm) throw invalidRequest('off_session can only be set when confirm is true.', { param: 'off_session' });
    const paymentMethod = this.paymentMethodParam(form, customer, confirm);
    const setupFutureUsage = stringParam(form, 'setup_future_usage');
    if (setupFutureUsage !== null && setupFutureUsage !== 'off_session' && setupFutureUsage !== 'on_session') {
      throw invalidRequest(`Invalid setup_future_usage: must be one of on_session or off_session`, { param: 'setup_future_usage' });
    }
    const intent: PaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      customer,
      payment_method: paymentMethod?.id ?? null,
      ...paymentMethodTypes(form),
      setup_future_usage: setupFutureUsage,
      description: stringParam(form, 'description'),
      metadata: metadataParam(form),
      client_secret: '',
      next_action: null,
      last_payment_error: null,
      latest_charge: null,
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      created: now(),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${newId('s').slice(2)}`;
    this.paymentIntents.set(intent.id, intent);
    this.emit('payment_intent.created', intent);
    if (confirm && paymentMethod) this.attemptPayment(intent, paymentMethod, offSession ? 'off_session' : 'on_session');
    return intent;
  }

  createSetupIntent(form: FormObject): SetupIntent {
    const customer = this.customerParam(form);
    const confirm = booleanParam(form, 'confirm');
    const paymentMethod = this.paymentMethodParam(form, customer, confirm);
    const usage = stringParam(form, 'usage') ?? 'off_session';
    if (usage !== 'off_session' && usage !== 'on_session')
      throw invalidRequest('Invalid usage: must be one of on_session or off_session', { param: 'usage' });
    const intent: SetupIntent = {
      id: newId('seti'),
      object: 'setup_intent',
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      customer,
      payment_method: paymentMethod?.id ?? null,
      ...paymentMethodTypes(form),
      usage,
      description: stringParam(form, 'description'),
      metadata: metadataParam(form),
      client_secret: '',
      next_action: null,
      last_setup_error: null,
      created: now(),
      livemode: false,
    };
    intent.client_secret = `${intent.id}_secret_${newId('s').slice(2)}`;
    this.setupIntents.set(intent.id, intent);
    this.emit('setup_intent.created', intent);
    if (confirm && paymentMethod) this.attemptSetup(intent, paymentMethod);
    return intent;
  }

  refund(form: FormObject) {
    const refund = createRefund(this, form);
    this.refunds.set(refund.id, refund);
    return refund;
  }

  transfer(form: FormObject) {
    const transfer = createTransfer(form);
    this.transfers.set(transfer.id, transfer);
    this.emit('transfer.created', transfer);
    return transfer;
  }

  /**
   * Plays the customer's (or the bank's) part for an intent waiting on them: authentication in
   * the browser that succeeds or fails, or a payment that settles later.
   */
  complete(id: string, outcome: 'succeeded' | 'failed' | 'processing') {
    const intent = this.paymentIntents.get(id) ?? this.setupIntents.get(id);
    if (!intent || (intent.status !== 'requires_action' && intent.status !== 'processing')) {
      throw new Error(`The Stripe fake has no intent ${id} waiting for the customer or the bank`);
    }
    const paymentMethod = this.paymentMethods.get(intent.payment_method ?? '');
    if (!paymentMethod) throw new Error(`The intent ${id} has no payment method`);
    if (outcome === 'processing') {
      Object.assign(intent, { status: 'processing', next_action: null });
      this.emit(`${intent.object}.processing`, intent);
    } else if (intent.object === 'payment_intent') {
      if (outcome === 'succeeded') this.paymentSucceeded(intent, paymentMethod);
      else this.paymentFailed(intent, paymentMethod, authenticationFailure);
    } else if (outcome === 'succeeded') {
      this.setupSucceeded(intent, paymentMethod);
    } else {
      this.setupFailed(intent, paymentMethod, authenticationFailure);
    }
  }

  private attemptPayment(intent: PaymentIntent, paymentMethod: PaymentMethod, attempt: Attempt) {
    const card = this.cards.get(paymentMethod.id)!;
    const result = attemptResult(card.behaviour, attempt, card.setUpForOffSession);
    if (result.kind === 'succeeds') return this.paymentSucceeded(intent, paymentMethod);
    if (result.kind === 'requires_action') {
      Object.assign(intent, { status: 'requires_action', next_action: authenticationAction() });
      return this.emit('payment_intent.requires_action', intent);
    }
    const error = this.paymentFailed(intent, paymentMethod, result.decline);
    throw new ApiError(402, { error: { ...error, payment_intent: structuredClone(intent), request_log_url: requestLog(this.request.id) } });
  }

  private paymentSucceeded(intent: PaymentIntent, paymentMethod: PaymentMethod) {
    const charge = this.charge(intent, paymentMethod, null);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      next_action: null,
      last_payment_error: null,
    });
    if (intent.setup_future_usage) this.saveCard(paymentMethod, intent.customer);
    this.emit('charge.succeeded', charge);
    this.emit('payment_intent.succeeded', intent);
  }

  private paymentFailed(intent: PaymentIntent, paymentMethod: PaymentMethod, decline: Decline) {
    const charge = this.charge(intent, paymentMethod, decline.code);
    const error = paymentError(decline, charge.id, paymentMethod);
    // a failed attempt leaves the intent waiting for another card, the one that failed kept in the error
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: error,
      latest_charge: charge.id,
    });
    this.emit('charge.failed', charge);
    this.emit('payment_intent.payment_failed', intent);
    return error;
  }

  private attemptSetup(intent: SetupIntent, paymentMethod: PaymentMethod) {
    const card = this.cards.get(paymentMethod.id)!;
    const result = attemptResult(card.behaviour, 'setup', card.setUpForOffSession);
    if (result.kind === 'succeeds') return this.setupSucceeded(intent, paymentMethod);
    if (result.kind === 'requires_action') {
      Object.assign(intent, { status: 'requires_action', next_action: authenticationAction() });
      return this.emit('setup_intent.requires_action', intent);
    }
    const error = this.setupFailed(intent, paymentMethod, result.decline);
    throw new ApiError(402, { error: { ...error, setup_intent: structuredClone(intent), request_log_url: requestLog(this.request.id) } });
  }

  private setupSucceeded(intent: SetupIntent, paymentMethod: PaymentMethod) {
    Object.assign(intent, { status: 'succeeded', next_action: null, last_setup_error: null });
    if (intent.usage === 'off_session') this.saveCard(paymentMethod, intent.customer);
    this.emit('setup_intent.succeeded', intent);
  }

  private setupFailed(intent: SetupIntent, paymentMethod: PaymentMethod, decline: Decline) {
    const { charge: _noCharge, ...error } = paymentError(decline, '', paymentMethod);
    Object.assign(intent, { status: 'requires_payment_method', payment_method: null, next_action: null, last_setup_error: error });
    this.emit('setup_intent.setup_failed', intent);
    return error;
  }

  private saveCard(paymentMethod: PaymentMethod, customer: string | null) {
    this.cards.get(paymentMethod.id)!.setUpForOffSession = true;
    if (customer && paymentMethod.customer !== customer) {
      paymentMethod.customer = customer;
      this.emit('payment_method.attached', paymentMethod);
    }
  }

  private charge(intent: PaymentIntent, paymentMethod: PaymentMethod, failureCode: string | null): Charge {
    const charge: Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: failureCode ? 0 : intent.amount,
      amount_refunded: 0,
      captured: !failureCode,
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      // Stripe copies the PaymentIntent's metadata onto its charges
      metadata: { ...intent.metadata },
      paid: !failureCode,
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: { type: 'card', card: { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 } },
      refunded: false,
      status: failureCode ? 'failed' : 'succeeded',
      failure_code: failureCode,
      created: now(),
      livemode: false,
    };
    this.charges.set(charge.id, charge);
    return charge;
  }

  private customerParam(form: FormObject): string | null {
    const id = stringParam(form, 'customer');
    if (id !== null && !this.customers.has(id))
      throw invalidRequest(`No such customer: '${id}'`, { code: 'resource_missing', param: 'customer' });
    return id;
  }

  /** A test reference (`pm_card_visa`) makes a new card, as at Stripe; an id must exist. */
  private paymentMethodParam(form: FormObject, customer: string | null, confirm: boolean): PaymentMethod | null {
    const reference = stringParam(form, 'payment_method');
    if (reference === null) {
      if (confirm)
        throw invalidRequest("You cannot confirm this intent because it's missing a payment method.", {
          code: 'payment_intent_unexpected_state',
        });
      return null;
    }
    const testCard = testCards[reference];
    if (testCard) {
      const year = new Date().getUTCFullYear() + 3;
      const card = {
        brand: testCard.brand,
        last4: testCard.last4,
        exp_month: 12,
        exp_year: year,
        funding: 'credit',
        country: 'US',
      } as const;
      const created: PaymentMethod = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        card,
        customer: null,
        metadata: {},
        created: now(),
        livemode: false,
      };
      this.paymentMethods.set(created.id, created);
      this.cards.set(created.id, { behaviour: testCard.behaviour, setUpForOffSession: false });
      return created;
    }
    const existing = this.paymentMethods.get(reference);
    if (!existing) throw invalidRequest(`No such PaymentMethod: '${reference}'`, { code: 'resource_missing', param: 'payment_method' });
    if (existing.customer !== null && existing.customer !== customer) {
      throw invalidRequest('The provided PaymentMethod belongs to a different Customer; pass that Customer with it.', {
        param: 'payment_method',
      });
    }
    return existing;
  }
}

function requestLog(requestId: string | null) {
  return `https://dashboard.stripe.com/test/logs/${requestId ?? ''}`;
}

/** The intent's types, from `allowed_payment_method_types` (cards when none are named). */
function paymentMethodTypes(form: FormObject) {
  const allowed = listParam(form, 'allowed_payment_method_types');
  return {
    allowed_payment_method_types: allowed.length > 0 ? allowed : null,
    payment_method_types: allowed.length > 0 ? allowed : ['card'],
  };
}
