import type { Env } from '../env.ts';
import { embeddedInvoicing, type InvoicingPort } from './invoicing.ts';
import { createStripeInvoicing } from './stripe-invoicing.ts';

/** The invoicing port INVOICING names: Stripe Invoicing, or the embedded PDF. */
export function invoicingPortFrom(env: Pick<Env, 'INVOICING' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): InvoicingPort {
  return env.INVOICING === 'stripe' && env.STRIPE_SECRET_KEY
    ? createStripeInvoicing({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL ?? null })
    : embeddedInvoicing;
}
