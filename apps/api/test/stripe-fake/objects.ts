import { randomBytes } from 'node:crypto';
import type { CardBehaviour, Decline } from './cards.ts';

/**
 * The objects the fake keeps, stored in Stripe's own JSON shape (snake_case, ids with their
 * prefixes) so what a test reads is what the real API would have answered.
 */

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  /** the postal address as given (line1, city, state, postal_code, country…), null when none */
  address: { [key: string]: unknown } | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'US' };
  customer: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** What the fake remembers about a card beyond Stripe's fields. */
export interface CardState {
  behaviour: CardBehaviour;
  /** saved with the customer's consent: an off-session charge needs no authentication */
  setUpForOffSession: boolean;
}

export interface PaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  charge?: string;
  payment_method?: PaymentMethod;
  doc_url: string;
}

export type IntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export interface NextAction {
  type: 'use_stripe_sdk';
  use_stripe_sdk: { type: 'three_d_secure_redirect'; stripe_js: string };
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: IntentStatus;
  customer: string | null;
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  setup_future_usage: 'off_session' | 'on_session' | null;
  description: string | null;
  metadata: Record<string, string>;
  client_secret: string;
  next_action: NextAction | null;
  last_payment_error: PaymentError | null;
  latest_charge: string | null;
  capture_method: 'automatic';
  confirmation_method: 'automatic';
  created: number;
  livemode: false;
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  status: IntentStatus;
  customer: string | null;
  payment_method: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  usage: 'off_session' | 'on_session';
  description: string | null;
  metadata: Record<string, string>;
  client_secret: string;
  next_action: NextAction | null;
  last_setup_error: PaymentError | null;
  created: number;
  livemode: false;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
  refunded: boolean;
  status: 'succeeded' | 'failed';
  failure_code: string | null;
  created: number;
  livemode: false;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** An answer in Stripe's error shape, with the HTTP status Stripe gives it. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: Record<string, unknown> },
  ) {
    super(String(body.error.message));
  }
}

export function invalidRequest(message: string, extra: { code?: string; param?: string; status?: number } = {}): ApiError {
  const { status = 400, ...fields } = extra;
  return new ApiError(status, { error: { type: 'invalid_request_error', message, ...fields } });
}

export const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replace(/_/g, '-')}`;

export function paymentError(decline: Decline, charge: string, paymentMethod: PaymentMethod): PaymentError {
  return {
    type: 'card_error',
    code: decline.code,
    ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
    message: decline.message,
    charge,
    payment_method: paymentMethod,
    doc_url: docUrl(decline.code),
  };
}

export const authenticationAction = (): NextAction => ({
  type: 'use_stripe_sdk',
  use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?source=${newId('src')}` },
});
