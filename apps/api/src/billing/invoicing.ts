import type { EmployerInvoiceKind } from '@shop/core';
import type { EmployerBillingAddress } from '@shop/db';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { exampleSeller, type InvoicePayee } from './invoice-payee.ts';

/** An invoice as the invoicing port issues it: who is billed, for what period, line by line. */
export interface InvoiceToIssue {
  /** what it bills: a month's covered orders (the default), or an amount for the prepaid testing bank */
  kind?: EmployerInvoiceKind;
  invoiceId: string;
  /** the number the customer's accounts payable quote */
  number: number;
  customer: {
    id: string;
    name: string;
    /** the issuer's own id of this customer, answered by an earlier invoice (a Stripe Customer) */
    issuerCustomerId: string | null;
    /** the billing details its admin kept when the invoice was issued (each null until set) */
    billing: { address: EmployerBillingAddress | null; email: string | null; poNumber: string | null };
  };
  /** the month billed, YYYY-MM (a bank top-up's: the month it was asked in) */
  period: string;
  issuedOn: string;
  dueOn: string;
  lines: { description: string; date: string; amountCents: number }[];
  totalCents: number;
  /** the same for every attempt at one invoice: the port issues a key once */
  idempotencyKey: string;
}

export interface IssuedInvoice {
  /** the port's own id of the invoice: the embedded default's is its number */
  reference: string;
  /** the invoice as a PDF, when the port renders it here (the embedded default); Stripe keeps its own */
  pdf: Uint8Array | null;
  /** where the customer sees and pays it, when the port hosts it */
  hostedUrl: string | null;
  /** the issuer's id of the customer, kept for the next invoice; null for the embedded default */
  issuerCustomerId: string | null;
}

/**
 * Where invoices to businesses are issued. The embedded default renders the invoice as a PDF that
 * the shop keeps and serves, paid by card in the employer portal or by bank transfer (an operator
 * marks it paid); the Stripe Invoicing adapter (stripe-invoicing.ts) creates it there with
 * `idempotencyKey` and answers its id and hosted page.
 */
export interface InvoicingPort {
  readonly name: string;
  issue(invoice: InvoiceToIssue): Promise<IssuedInvoice>;
}

/** The embedded default: a PDF naming the seller and how to pay it (`payee`), kept and served by the shop. */
export function createEmbeddedInvoicing(payee: InvoicePayee): InvoicingPort {
  return {
    name: 'embedded',
    issue: async (invoice) => ({
      reference: `INV-${invoice.number}`,
      pdf: await renderInvoicePdf(invoice, payee),
      hostedUrl: null,
      issuerCustomerId: null,
    }),
  };
}

/** The embedded default with the example seller (outside production, and the tests). */
export const embeddedInvoicing = createEmbeddedInvoicing({
  ...exampleSeller,
  bank: { ...exampleSeller.bank },
  remittance: null,
  payOnlineUrl: 'http://localhost:3000/business/portal/billing',
});
