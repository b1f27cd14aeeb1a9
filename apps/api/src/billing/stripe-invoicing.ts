import Stripe from 'stripe';
import { endpoint } from '../payments/stripe/gateway.ts';
import type { InvoicingPort } from './invoicing.ts';

export interface StripeInvoicingConfig {
  secretKey: string;
  /** another base URL for Stripe's API, such as the local fake; null for api.stripe.com */
  apiUrl: string | null;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

/**
 * Invoices to businesses on Stripe Invoicing: the customer (made once, then kept by the shop), a
 * draft invoice to be paid by transfer within the shop's terms (`send_invoice`), one invoice item
 * per line, then finalized, which numbers it and opens its hosted page, where the business pays by
 * card or bank transfer. Each step has its own key under the invoice's idempotency key, so a run
 * that asks again after a lost answer gets back what the first made, never a second invoice. The
 * shop's e-mail to the employer admins links the hosted page (nothing is e-mailed by Stripe).
 */
export function createStripeInvoicing(config: StripeInvoicingConfig): InvoicingPort {
  const stripe = new Stripe(config.secretKey, {
    ...endpoint(config.apiUrl),
    maxNetworkRetries: config.maxNetworkRetries ?? 2,
    timeout: config.timeoutMs ?? 20_000,
  });
  return {
    name: 'stripe',
    async issue(invoice) {
      const key = invoice.idempotencyKey;
      const { billing } = invoice.customer;
      const customer =
        invoice.customer.issuerCustomerId ??
        (
          await stripe.customers.create(
            {
              name: invoice.customer.name,
              ...(billing.email ? { email: billing.email } : {}),
              ...(billing.address
                ? {
                    address: {
                      line1: billing.address.line1,
                      line2: billing.address.line2 ?? '',
                      city: billing.address.city,
                      state: billing.address.state,
                      postal_code: billing.address.zip,
                      country: 'US',
                    },
                  }
                : {}),
              metadata: { employer_group: invoice.customer.id },
            },
            { idempotencyKey: `${key}:customer` },
          )
        ).id;
      const daysUntilDue = Math.max(0, Math.round((Date.parse(invoice.dueOn) - Date.parse(invoice.issuedOn)) / 86_400_000));
      const draft = await stripe.invoices.create(
        {
          customer,
          collection_method: 'send_invoice',
          days_until_due: daysUntilDue,
          auto_advance: false,
          pending_invoice_items_behavior: 'exclude',
          description: invoice.kind === 'bank_top_up' ? 'Prepaid testing bank top-up' : `Covered tests, ${invoice.period}`,
          // the employer's purchase order, printed on Stripe's invoice and its hosted page
          ...(billing.poNumber ? { custom_fields: [{ name: 'PO number', value: billing.poNumber }] } : {}),
          metadata: {
            invoice_id: invoice.invoiceId,
            number: String(invoice.number),
            period: invoice.period,
            kind: invoice.kind ?? 'covered_orders',
          },
        },
        { idempotencyKey: `${key}:invoice` },
      );
      for (const [index, line] of invoice.lines.entries()) {
        await stripe.invoiceItems.create(
          { customer, invoice: draft.id, amount: line.amountCents, currency: 'usd', description: `${line.description} (${line.date})` },
          { idempotencyKey: `${key}:line:${index}` },
        );
      }
      const finalized = await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: `${key}:finalize` });
      return { reference: finalized.id, pdf: null, hostedUrl: finalized.hosted_invoice_url ?? null, issuerCustomerId: customer };
    },
  };
}
