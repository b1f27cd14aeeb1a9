import { describe, expect, it } from 'vitest';
import { employerBillingMessages } from '@shop/core';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { businessBillingAction } from './business-billing.server';
import { TOP_UP_INVOICE_FORM } from './business-portal-forms';

const url = 'http://shop.test/business/portal/billing';
const fields = {
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ap@acme.example',
  poNumber: 'PO-7788',
};

describe('the employer portal’s billing details form', () => {
  it('saves a US address, the accounts-payable e-mail and the PO through the API', async () => {
    const { answer, calls } = await callAction(businessBillingAction, {
      url,
      fields,
      reply: () => json(200, { address: { ...fields, line2: null }, email: fields.email, poNumber: fields.poNumber }),
    });
    expect(pathOf(calls[0])).toBe('/api/business/billing/details');
    expect(calls[0]!.method).toBe('PUT');
    expect(await calls[0]!.json()).toEqual({ ...fields, line2: null });
    expect(answer).toEqual({ ok: true, message: employerBillingMessages.saved });
  });

  it('refuses a malformed ZIP code and a missing city before asking the API, keeping what was typed', async () => {
    const { answer, calls, status } = await callAction(businessBillingAction, {
      url,
      fields: { ...fields, city: '', zip: '1234' },
      reply: () => json(500, {}),
    });
    expect(calls).toEqual([]);
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      ok: false,
      errors: { city: employerBillingMessages.city, zip: employerBillingMessages.zip },
      values: { line1: '1 Main Street', zip: '1234' },
    });
  });
});

describe('the employer portal’s top-up invoice form', () => {
  const requestKey = '0b7f5d1e-8f3a-4c2b-9d6e-1a2b3c4d5e6f';

  it('asks the API for an invoice of the typed amount, once per the page’s request key', async () => {
    const { answer, calls } = await callAction(businessBillingAction, {
      url,
      fields: { _form: TOP_UP_INVOICE_FORM, amount: '$1,250.50', requestKey },
      reply: () => json(201, { id: 'i1', number: 'INV-1042', totalCents: 125_050 }),
    });
    expect(pathOf(calls[0])).toBe('/api/business/bank/top-up-invoices');
    expect(await calls[0]!.json()).toEqual({ amountCents: 125_050, requestKey });
    expect(answer).toEqual({
      ok: true,
      form: TOP_UP_INVOICE_FORM,
      message: employerBillingMessages.topUpInvoiceIssued('INV-1042', '$1,250.50'),
    });
  });

  it('refuses an amount out of bounds or not an amount under its field, before asking the API', async () => {
    for (const amount of ['50', 'lots', '25000.01']) {
      const { answer, calls, status } = await callAction(businessBillingAction, {
        url,
        fields: { _form: TOP_UP_INVOICE_FORM, amount, requestKey },
        reply: () => json(500, {}),
      });
      expect(calls).toEqual([]);
      expect(status).toBe(400);
      expect(answer).toMatchObject({ ok: false, form: TOP_UP_INVOICE_FORM, errors: { amount: employerBillingMessages.topUpAmount } });
    }
  });
});
