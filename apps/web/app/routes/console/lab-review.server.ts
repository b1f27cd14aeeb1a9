import { labPlanFormSchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { WRITE_PLAN_FORM } from './lab-review-forms';

export const PLAN_FAILED_MESSAGE = 'The plan could not be sent. Please try again.';

/**
 * The plan a reviewer writes, each list typed one item per line: checked with core's schema (the
 * API checks the same), then sent once; the API e-mails the member that it is ready.
 */
export async function labReviewAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: WRITE_PLAN_FORM }, { status: 400, headers: cookies });
  const input = Object.fromEntries(['summary', 'eatMore', 'eatLess', 'meals', 'shopping'].map((name) => [name, formText(form, name)]));
  const checked = checkForm(labPlanFormSchema, input, form);
  if ('refusal' in checked) return refuse(checked.refusal);
  try {
    await api.writeLabPlan(params.id ?? '', checked.data);
  } catch (error) {
    return refuse(refusedBy(error, PLAN_FAILED_MESSAGE, form));
  }
  return data<FormSuccess>(
    { ok: true, message: 'The plan is sent: the member is e-mailed that it is ready.', form: WRITE_PLAN_FORM },
    { headers: cookies },
  );
}
