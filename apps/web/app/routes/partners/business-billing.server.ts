import { data, type ActionFunctionArgs } from 'react-router';
import { employerBillingDetailsSchema, employerBillingMessages } from '@shop/core';
import type { FormAnswer } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const BILLING_FAILED = 'Your billing details could not be saved. Please try again.';

/** The group's billing details, sent with or without the page's script: checked with core's schema, then saved by the API. */
export async function businessBillingAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
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
