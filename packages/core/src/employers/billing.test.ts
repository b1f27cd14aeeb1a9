import { describe, expect, it } from 'vitest';
import {
  billingAddressLines,
  employerBillingDetailsSchema,
  employerBillingMessages,
  employerCardTopUpSchema,
  employerTopUpInvoiceSchema,
  invoiceStanding,
  MAX_CARD_TOP_UP_CENTS,
  MIN_CARD_TOP_UP_CENTS,
} from './billing.ts';

const details = {
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ap@acme.example',
  poNumber: '',
};

describe('employer billing details', () => {
  it('keeps a US address, the accounts-payable e-mail and no PO when none is given', () => {
    expect(employerBillingDetailsSchema.parse(details)).toEqual({ ...details, line2: null, poNumber: null });
  });

  it('takes a ZIP+4 and a PO number', () => {
    const parsed = employerBillingDetailsSchema.parse({ ...details, zip: '62701-1234', poNumber: 'PO-2026/77' });
    expect(parsed).toMatchObject({ zip: '62701-1234', poNumber: 'PO-2026/77' });
  });

  it('refuses a ZIP code of another state, naming the state', () => {
    const result = employerBillingDetailsSchema.safeParse({ ...details, zip: '10001' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['zip'], message: employerBillingMessages.zipState('IL') })]);
  });

  it('refuses what is not a US address or an e-mail, each field with its message', () => {
    const result = employerBillingDetailsSchema.safeParse({
      line1: ' ',
      city: '',
      state: 'ZZ',
      zip: '1234',
      email: 'nope',
      poNumber: 'PO;drop',
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toMatchObject({
      line1: employerBillingMessages.line1,
      city: employerBillingMessages.city,
      state: employerBillingMessages.state,
      zip: employerBillingMessages.zip,
      poNumber: employerBillingMessages.poNumber,
    });
    expect(fields.email).toBeTruthy();
  });

  it('prints the address with the city line last', () => {
    expect(billingAddressLines({ line1: '1 Main Street', line2: 'Floor 2', city: 'Springfield', state: 'IL', zip: '62701' })).toEqual([
      '1 Main Street',
      'Floor 2',
      'Springfield, IL 62701',
    ]);
  });
});

describe('a top-up by card', () => {
  it('is taken from the least to the most, in whole cents', () => {
    expect(employerCardTopUpSchema.safeParse({ amountCents: MIN_CARD_TOP_UP_CENTS }).success).toBe(true);
    expect(employerCardTopUpSchema.safeParse({ amountCents: MAX_CARD_TOP_UP_CENTS }).success).toBe(true);
    expect(employerCardTopUpSchema.safeParse({ amountCents: MIN_CARD_TOP_UP_CENTS - 1 }).success).toBe(false);
    expect(employerCardTopUpSchema.safeParse({ amountCents: MAX_CARD_TOP_UP_CENTS + 1 }).success).toBe(false);
    expect(employerCardTopUpSchema.safeParse({ amountCents: 100_00.5 }).success).toBe(false);
  });
});

describe('where an invoice stands', () => {
  const open = { status: 'open' as const, dueOn: '2026-12-31' };
  it('is due up to its due day and overdue from the day after', () => {
    expect(invoiceStanding(open, '2026-12-31')).toBe('due');
    expect(invoiceStanding(open, '2027-01-01')).toBe('overdue');
  });
  it('is paid or void whatever the day', () => {
    expect(invoiceStanding({ ...open, status: 'paid' }, '2027-06-01')).toBe('paid');
    expect(invoiceStanding({ ...open, status: 'void' }, '2027-06-01')).toBe('void');
  });
  it('never calls a bank top-up’s invoice overdue: nothing is owed until it is paid', () => {
    expect(invoiceStanding({ ...open, kind: 'bank_top_up' }, '2027-06-01')).toBe('due');
    expect(invoiceStanding({ ...open, kind: 'covered_orders' }, '2027-06-01')).toBe('overdue');
  });
});

describe('a top-up invoice', () => {
  it('has the card top-up’s bounds and a request key', () => {
    const requestKey = '0b7f5d1e-8f3a-4c2b-9d6e-1a2b3c4d5e6f';
    expect(employerTopUpInvoiceSchema.safeParse({ amountCents: MIN_CARD_TOP_UP_CENTS, requestKey }).success).toBe(true);
    expect(employerTopUpInvoiceSchema.safeParse({ amountCents: MAX_CARD_TOP_UP_CENTS + 1, requestKey }).success).toBe(false);
    expect(employerTopUpInvoiceSchema.safeParse({ amountCents: MIN_CARD_TOP_UP_CENTS }).success).toBe(false);
  });
});
