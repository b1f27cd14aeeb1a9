import type { PayeeKind } from '@shop/core';

/** Who a payout pays: an affiliate (commissions) or a clinic (fees and provider referral rewards). */
export interface Payee {
  kind: PayeeKind;
  id: string;
  name: string;
  email: string;
  /** the connected account transfers go to (acct_…), when an operator has set one */
  stripeAccountId: string | null;
}

export interface PayoutRequest {
  payoutId: string;
  payee: Payee;
  amountCents: number;
  /** YYYY-MM */
  period: string;
  /** the same for every attempt at one payout: the port pays a key once */
  idempotencyKey: string;
}

/**
 * Where payees' money goes. The embedded default pays nothing itself: it records the payout (the
 * batch is the month's payouts, exported as CSV for the bank or the bookkeeper) and answers a
 * reference to the batch line. The Stripe Connect adapter (stripe-connect.ts) sends a transfer to
 * the payee's connected account with `idempotencyKey`, so that asking again for the same payout
 * answers the first transfer.
 */
export interface PayoutPort {
  name: string;
  pay(payout: PayoutRequest): Promise<{ reference: string }>;
}

/**
 * The port cannot pay this payee yet (no connected account, or the account cannot receive
 * transfers): the payout stays pending with the reason, and a later run asks again. Any other
 * error stops the run, as an outage would.
 */
export class PayeeNotReadyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayeeNotReadyError';
  }
}

export const embeddedPayouts: PayoutPort = {
  name: 'embedded',
  pay: async (payout) => ({ reference: `batch:${payout.period}:${payout.payoutId}` }),
};
