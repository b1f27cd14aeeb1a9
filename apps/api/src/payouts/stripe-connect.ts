import Stripe from 'stripe';
import { endpoint } from '../payments/stripe/gateway.ts';
import { PayeeNotReadyError, type PayoutPort } from './port.ts';

export interface StripeConnectConfig {
  /** the platform's secret key: transfers leave the platform's balance */
  secretKey: string;
  /** another base URL for Stripe's API, such as the local fake; null for api.stripe.com */
  apiUrl: string | null;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/** Stripe's refusals that are about the payee's account, not about the platform or the request. */
const payeeAccountCodes = new Set(['account_invalid', 'insufficient_capabilities_for_transfer', 'resource_missing']);

function isAboutThePayee(error: { code?: string; param?: string }): boolean {
  // a missing resource is the payee's only when it is the destination
  return payeeAccountCodes.has(error.code ?? '') && (error.code !== 'resource_missing' || error.param === 'destination');
}

/**
 * Payouts as Stripe Connect transfers, from the platform's balance to the payee's connected
 * account, in dollars. The payout's idempotency key goes with the transfer, so a run that asks
 * again after a lost answer gets the first transfer back, not a second one. A payee without a
 * connected account, or whose account cannot receive transfers, is not paid yet (the payout
 * waits); anything else (the platform's balance is short, Stripe is down) stops the run.
 */
export function createStripeConnectPayouts(config: StripeConnectConfig): PayoutPort {
  const stripe = new Stripe(config.secretKey, {
    ...endpoint(config.apiUrl),
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 20_000,
  });
  return {
    name: 'stripe-connect',
    async pay({ payoutId, payee, amountCents, period, idempotencyKey }) {
      if (!payee.stripeAccountId) throw new PayeeNotReadyError(`${payee.name} has no Stripe account for payouts yet`);
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency: 'usd',
            destination: payee.stripeAccountId,
            transfer_group: `payouts-${period}`,
            description: `Payout for ${period}`,
            metadata: { payout_id: payoutId, payee_kind: payee.kind, payee_id: payee.id, period },
          },
          { idempotencyKey },
        );
        return { reference: transfer.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && isAboutThePayee(error)) {
          throw new PayeeNotReadyError(`${payee.name}'s Stripe account cannot receive payouts: ${error.message}`);
        }
        throw error;
      }
    },
  };
}
