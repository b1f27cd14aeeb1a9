import type { Env } from '../env.ts';
import { embeddedPayouts, type PayoutPort } from './port.ts';
import { createStripeConnectPayouts } from './stripe-connect.ts';

/** The payout port PAYOUTS names: Stripe Connect transfers, or the embedded batch. */
export function payoutPortFrom(env: Pick<Env, 'PAYOUTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): PayoutPort {
  return env.PAYOUTS === 'stripe-connect' && env.STRIPE_SECRET_KEY
    ? createStripeConnectPayouts({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL ?? null })
    : embeddedPayouts;
}
