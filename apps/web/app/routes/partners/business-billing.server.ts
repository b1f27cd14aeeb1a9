import { data, type ActionFunctionArgs } from 'react-router';
import {
  centsFromDollars,
  employerBillingDetailsSchema,
  employerBillingMessages,
  employerTopUpInvoiceSchema,
  formatMoney,
} from '@shop/core';
import type { FormAnswer } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { TOP_UP_INVOICE_FORM } from './business-portal-forms';

export const BILLING_FAILED = 'Your billing details could not be saved. Please try again.';

/**
 * The page's two forms, sent with or without its script: the group's billing details, or a bank
 * top-up's invoice (`_form`), each checked with core's schema, then sent to the API.
 */
export async function businessBillingAction(args: ActionFunctionArgs) {
  const form = await args.request.formData();
  return formText(form, '_form') === TOP_UP_INVOICE_FORM ? topUpInvoiceAction(form, args) : detailsAction(form, args);
}

/** An invoice of an amount for the testing bank, once per the page's request key (a second submit answers the same invoice). */
async function topUpInvoiceAction(form: FormData, { request, context }: ActionFunctionArgs) {
  const amountText = formText(form, 'amount');
  const checked = checkForm(
    employerTopUpInvoiceSchema,
    { amountCents: centsFromDollars(amountText) ?? Number.NaN, requestKey: formText(form, 'requestKey') },
    form,
  );
  if ('refusal' in checked) {
    // the amount's message goes under the field the admin typed in
    const { amountCents, ...errors } = checked.refusal.errors;
    const refusal = { ...checked.refusal, errors: amountCents ? { ...errors, amount: amountCents } : errors };
    return data<FormAnswer>({ ...refusal, form: TOP_UP_INVOICE_FORM }, { status: 400 });
  }
  const { api, cookies } = actionApi(request, context);
  try {
    const invoice = await api.requestBusinessTopUpInvoice(checked.data);
    return data<FormAnswer>(
      {
        ok: true,
        form: TOP_UP_INVOICE_FORM,
        message: employerBillingMessages.topUpInvoiceIssued(invoice.number, formatMoney(invoice.totalCents)),
      },
      { headers: cookies },
    );
  } catch (error) {
    return data<FormAnswer>(
      { ...refusedBy(error, employerBillingMessages.topUpInvoiceFailed, form), form: TOP_UP_INVOICE_FORM },
      { status: 400, headers: cookies },
    );
  }
}

/** The group's billing details: checked with core's schema, then saved by the API. */
async function detailsAction(form: FormData, { request, context }: ActionFunctionArgs) {
  const checked = checkForm(
    employerBillingDetailsSchema,
    {
      line1: formText(form, 'line1'),
      line2: formText(form, 'line2'),
      city: formText(form, 'city'),
      state: formText(form, 'state'),
      zip: formText(form, 'zip'),
      email: formText(form, 'email'),
      poNumber: formText(form, 'poNumber'),
    },
    form,
  );
  if ('refusal' in checked) return data<FormAnswer>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    await api.saveBusinessBillingDetails(checked.data);
    return data<FormAnswer>({ ok: true, message: employerBillingMessages.saved }, { headers: cookies });
  } catch (error) {
    return data<FormAnswer>(refusedBy(error, BILLING_FAILED, form), { status: 400, headers: cookies });
  }
}
