import { data, type ActionFunctionArgs } from 'react-router';
import { medicalProfileSchema, messages } from '@shop/core';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

const FIELDS = ['fullName', 'dateOfBirth', 'sex', 'state', 'conditions', 'medications'] as const;

/**
 * Saves the medical profile of the person tested. Orders that were waiting for it go on to a
 * clinician, and the member is told so.
 */
export async function profileAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));
  const checked = checkForm(medicalProfileSchema(), input, form);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const { released } = await api.saveProfile(checked.data);
    const message = released > 0 ? 'Saved. Your order now goes to a clinician for approval.' : 'Your medical profile is saved.';
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, messages.checkoutFailed, form), { status: 400, headers: cookies });
  }
}
