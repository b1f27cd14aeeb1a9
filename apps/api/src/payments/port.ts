/**
 * The one port every card payment goes through. The built-in test gateway is the default;
 * the Stripe adapter implements the same interface when its keys are configured.
 *
 * The flow, whichever gateway: the browser turns card details into a payment method reference
 * (the gateway's own card form), the server pays with it here (confirming on the server, and
 * saving the card for the deferred program charge), and when the bank asks the customer to
 * authenticate, the browser finishes that with the returned `clientSecret` and the server looks
 * the payment up again with `retrieve`. Webhooks tell the same story a second time.
 */

/** What the browser needs to show the gateway's card form. */
export type BrowserConfig =
  { gateway: 'test'; testMode: true } | { gateway: 'stripe'; testMode: boolean; publishableKey: string; account: string | null };

export interface PayRequest {
  /** what is charged now; 0 saves the card only (a SetupIntent at Stripe) */
  amountCents: number;
  currency: 'usd';
  /** a payment method reference from the gateway's browser side, never a card number */
  paymentMethod: string;
  /** the gateway's customer of this account, when an earlier payment created one */
  customerId: string | null;
  customerEmail: string;
  /** keep the card for a charge without the customer present (the Improvement Program) */
  saveForLater: boolean;
  /** the same key always returns the first result: a retry never charges twice */
  idempotencyKey: string;
  description: string;
  /** copied onto the gateway's payment; webhooks find the order through `orderId` (an employer's payment through `employerPaymentId`) */
  metadata: PaymentMetadata;
}

/** What a payment carries to the gateway: the order it pays, or the employer's payment it is (an invoice or a bank top-up). */
export type PaymentMetadata = {
  purpose: PaymentPurpose;
  orderId?: string;
  employerPaymentId?: string;
};

/**
 * checkout: the order; program: the Improvement Program on results; subscription: a test
 * subscription's later delivery; clinic_card: a clinic's saved card, set up by its admin and
 * charged for the orders the clinic pays (docs/decisions/0047-clinic-pays.md)
 */
export type PaymentPurpose = 'checkout' | 'program' | 'subscription' | 'clinic_card' | EmployerPaymentPurpose;

/**
 * employer_invoice: an employer admin pays an open invoice by card in the portal; employer_top_up:
 * they add money to the group's prepaid testing bank (docs/decisions/0085-employers-pay-online.md).
 * Neither pays an order.
 */
export type EmployerPaymentPurpose = 'employer_invoice' | 'employer_top_up';
export const employerPaymentPurposes = ['employer_invoice', 'employer_top_up'] as const satisfies readonly EmployerPaymentPurpose[];

/** Saving a card for later charges, with nothing charged now (a SetupIntent at Stripe). */
export interface SaveCardRequest {
  /** a payment method reference from the gateway's browser side, never a card number */
  paymentMethod: string;
  /** the gateway's customer of the card's holder, when an earlier save created one */
  customerId: string | null;
  customerEmail: string;
  /** the same key always returns the first result: a double click saves once */
  idempotencyKey: string;
  description: string;
  /** copied onto the gateway's setup: whose card it is */
  metadata: { clinicId: string; purpose: 'clinic_card' };
}

export interface OffSessionRequest {
  amountCents: number;
  currency: 'usd';
  customerId: string;
  /** the saved payment method from the checkout's `PaymentOutcome.savedPaymentMethod` */
  paymentMethod: string;
  idempotencyKey: string;
  description: string;
  metadata: { orderId: string; purpose: PaymentPurpose };
}

export type PaymentStatus = 'succeeded' | 'processing' | 'requires_action' | 'declined';

export interface PaymentOutcome {
  status: PaymentStatus;
  /** the gateway's id of this payment (a PaymentIntent or SetupIntent id at Stripe) */
  id: string;
  amountCents: number;
  customerId: string | null;
  /** the payment method to charge later, when the card was saved */
  savedPaymentMethod: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  /**
   * The gateway's fingerprint of the card number (the same card gives the same fingerprint,
   * whoever holds it): how a referrer paying their own referral with their own card is known.
   * Absent when the gateway's answer did not carry the card.
   */
  cardFingerprint?: string | null;
  /** the card's expiry, when the gateway's answer carried it (shown beside the brand and last four) */
  cardExpiry?: { month: number; year: number } | null;
  /** for `requires_action` (and an off-session `authentication_required` decline): what the browser hands to the gateway's script to authenticate */
  clientSecret: string | null;
  /** for `declined`: the gateway's reason, e.g. `card_declined`, `authentication_required` */
  declineCode: string | null;
}

/** A verified webhook, reduced to what the shop acts on. */
export interface PaymentEvent {
  /** the gateway's event id: an event is applied once, whatever the number of deliveries */
  id: string;
  type: 'payment_succeeded' | 'payment_failed' | 'setup_succeeded' | 'refunded' | 'ignored';
  /** the PaymentIntent, SetupIntent or (for refunds) the refunded PaymentIntent */
  paymentId: string | null;
  orderId: string | null;
  purpose: PaymentPurpose | null;
  /** the employer's payment (`employer_payments`) a payment of an employer purpose is, from its metadata */
  employerPaymentId?: string | null;
  amountCents: number;
}

/**
 * A verified webhook about an invoice the gateway issued for the shop (Stripe Invoicing): it was
 * paid (on its hosted page, by card or transfer) or voided there.
 */
export interface IssuedInvoiceEvent {
  /** the gateway's event id: applied once, as a payment's */
  id: string;
  type: 'invoice_paid' | 'invoice_voided';
  /** the gateway's own id of the invoice, which the shop kept as the invoice's reference */
  invoiceId: string;
  /**
   * the shop's own id of the invoice, which the issue gave the gateway with it (Stripe's
   * `metadata.invoice_id`); null for an invoice the shop did not issue. It finds an invoice whose
   * issue's answer (the reference) is not recorded yet when the event arrives.
   */
  issuedFor: string | null;
  /** when it was paid or voided there */
  at: Date;
}

/** Whatever a verified webhook tells the shop: about a payment, or about an invoice issued there. */
export type GatewayEvent = PaymentEvent | IssuedInvoiceEvent;

export const isInvoiceEvent = (event: GatewayEvent): event is IssuedInvoiceEvent =>
  event.type === 'invoice_paid' || event.type === 'invoice_voided';

export interface RefundRequest {
  paymentId: string;
  amountCents: number;
  idempotencyKey: string;
}

/** The gateway's calls that reach the card network's provider (Stripe's API): each is a span when tracing is on. */
export const GATEWAY_CALLS = ['pay', 'retrieve', 'saveCard', 'chargeSaved', 'refund'] as const satisfies readonly (keyof PaymentGateway)[];

export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  /** shown in the checkout as a banner when payments are not real */
  readonly testMode: boolean;
  browserConfig(): BrowserConfig;
  pay(request: PayRequest): Promise<PaymentOutcome>;
  /** the current state of an earlier payment, by the id `pay` or `chargeSaved` returned */
  retrieve(paymentId: string): Promise<PaymentOutcome>;
  /**
   * Saves a card for charges without its holder present, charging nothing: succeeded with
   * `savedPaymentMethod` and `customerId`, requires_action when the bank wants its holder first
   * (then `retrieve` the returned id), or declined.
   */
  saveCard(request: SaveCardRequest): Promise<PaymentOutcome>;
  /** charges a saved card without the customer present */
  chargeSaved(request: OffSessionRequest): Promise<PaymentOutcome>;
  refund(request: RefundRequest): Promise<{ id: string; status: 'succeeded' | 'pending' | 'failed' }>;
  /**
   * Verifies a webhook on its raw body and signature header and reduces it to a PaymentEvent (or,
   * for an invoice issued there, an IssuedInvoiceEvent).
   * Throws WebhookSignatureError when the signature does not hold. A gateway without
   * webhooks (the test gateway) always throws.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}

export class InvalidPaymentMethodError extends Error {
  constructor() {
    super('The card details are not valid. Please check them and try again.');
    this.name = 'InvalidPaymentMethodError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(detail: string) {
    super(`The webhook's signature does not hold: ${detail}`);
    this.name = 'WebhookSignatureError';
  }
}

/** The gateway could not be reached or answered with an error that is not about the card. */
export class GatewayUnavailableError extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`The payment gateway is unavailable: ${detail}`, options);
    this.name = 'GatewayUnavailableError';
  }
}
