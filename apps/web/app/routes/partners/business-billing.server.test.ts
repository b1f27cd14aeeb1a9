import { describe, expect, it } from 'vitest';
import { employerBillingMessages } from '@shop/core';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { businessBillingAction } from './business-billing.server';

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
