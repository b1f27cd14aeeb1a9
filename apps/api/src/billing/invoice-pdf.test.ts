import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { exampleSeller, invoicePayeeFrom, transferLines } from './invoice-payee.ts';
import type { InvoiceToIssue } from './invoicing.ts';

const invoice = (billing: InvoiceToIssue['customer']['billing']): InvoiceToIssue => ({
  invoiceId: 'invoice',
  number: 1042,
  customer: { id: 'group', name: 'Acme Robotics', issuerCustomerId: null, billing },
  period: '2026-11',
  issuedOn: '2026-12-01',
  dueOn: '2026-12-31',
  lines: [{ description: 'Covered tests and programs: 6 people', date: '2026-11', amountCents: 47_970 }],
  totalCents: 47_970,
  idempotencyKey: 'key',
});

const configured = {
  PUBLIC_URL: 'https://shop.example.com',
  SELLER_LEGAL_NAME: 'Base Health, Inc.',
  SELLER_ADDRESS: '500 Market Street, San Francisco, CA 94105',
  INVOICE_BANK_ACCOUNT_NAME: 'Base Health, Inc.',
  INVOICE_BANK_NAME: 'First Example Bank',
  INVOICE_BANK_ROUTING_NUMBER: '121000248',
  INVOICE_BANK_ACCOUNT_NUMBER: '4000123456',
};

describe('the embedded invoice', () => {
  it('prints the seller, the buyer with its billing address, e-mail and PO, the number, dates, total and how to pay', async () => {
    const billing = {
      address: { line1: '1 Main Street', line2: 'Floor 2', city: 'Springfield', state: 'IL', zip: '62701' },
      email: 'ap@acme.example',
      poNumber: 'PO-7788',
    };
    const text = await pdfText(await renderInvoicePdf(invoice(billing), invoicePayeeFrom(configured)));
    for (const expected of [
      'Invoice INV-1042',
      'From Base Health, Inc.',
      '500 Market Street, San Francisco, CA 94105',
      'Billed to Acme Robotics',
      '1 Main Street',
      'Floor 2',
      'Springfield, IL 62701',
      'Accounts payable: ap@acme.example',
      'PO number: PO-7788',
      'Issued 2026-12-01 · due 2026-12-31',
      '$479.70',
      'Online by card: https://shop.example.com/business/portal/billing',
      'By bank transfer (ACH or wire), quoting INV-1042:',
      'Bank: First Example Bank',
      'Routing number (ABA): 121000248',
      'Account number: 4000123456',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('leaves out the buyer details the group has not set, and prints remittance instructions when they replace the account', async () => {
    const payee = invoicePayeeFrom({
      PUBLIC_URL: 'https://shop.example.com',
      SELLER_LEGAL_NAME: 'Base Health, Inc.',
      SELLER_ADDRESS: '500 Market Street, San Francisco, CA 94105',
      INVOICE_REMITTANCE: 'Send checks to Base Health, PO Box 1, San Francisco, CA 94105',
    });
    const text = await pdfText(await renderInvoicePdf(invoice({ address: null, email: null, poNumber: null }), payee));
    expect(text).not.toContain('PO number');
    expect(text).not.toContain('Accounts payable');
    expect(text).not.toContain('Routing number');
    expect(text).toContain('Send checks to Base Health, PO Box 1, San Francisco, CA 94105');
  });
});

describe('the payee outside production', () => {
  it('is the example seller and account when nothing is configured', () => {
    const payee = invoicePayeeFrom({ PUBLIC_URL: 'http://localhost:3000' });
    expect(payee).toMatchObject({ legalName: exampleSeller.legalName, bank: exampleSeller.bank, remittance: null });
    expect(transferLines(payee)).toContain('Routing number (ABA): 110000000');
  });
});
