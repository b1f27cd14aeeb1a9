/**
 * The one port every card payment goes through. The built-in test gateway is the default;
 * a Stripe adapter implements the same interface when its keys are configured.
 */
export interface ChargeRequest {
  amountCents: number;
  currency: 'usd';
  /** a payment method reference from the gateway's browser side, never a card number */
  paymentMethod: string;
  /** the same key always returns the first result: a retry never charges twice */
  idempotencyKey: string;
  description: string;
  customerEmail: string;
}

export type ChargeResult =
  | { status: 'succeeded'; id: string; cardBrand: string; cardLast4: string }
  | { status: 'declined'; id: string; cardBrand: string; cardLast4: string; declineCode: string }
  | { status: 'requires_action'; id: string; cardBrand: string; cardLast4: string };

export interface PaymentGateway {
  readonly name: 'test' | 'stripe';
  /** shown in the checkout as a banner when payments are not real */
  readonly testMode: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export class InvalidPaymentMethodError extends Error {
  constructor() {
    super('The card details are not valid. Please check them and try again.');
    this.name = 'InvalidPaymentMethodError';
  }
}
