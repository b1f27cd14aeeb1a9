import type { Env } from '../env.ts';
import { createEmbeddedInvoicing, type InvoicingPort } from './invoicing.ts';
import { invoicePayeeFrom } from './invoice-payee.ts';
import { createStripeInvoicing } from './stripe-invoicing.ts';

type InvoicingVariables = Pick<Env, 'INVOICING' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'> & Parameters<typeof invoicePayeeFrom>[0];

/** The invoicing port INVOICING names: Stripe Invoicing, or the embedded PDF naming the configured seller and payee. */
export function invoicingPortFrom(env: InvoicingVariables): InvoicingPort {
  return env.INVOICING === 'stripe' && env.STRIPE_SECRET_KEY
    ? createStripeInvoicing({ secretKey: env.STRIPE_SECRET_KEY, apiUrl: env.STRIPE_API_URL ?? null })
    : createEmbeddedInvoicing(invoicePayeeFrom(env));
}
