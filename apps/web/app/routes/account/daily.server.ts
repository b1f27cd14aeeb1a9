import { data, type ActionFunctionArgs } from 'react-router';
import { foodLogEntrySchema } from '@shop/core';
import { LOG_FOOD_FORM, REMOVE_FOOD_FORM } from '../../components/account/forms';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const FOOD_LOG_FAILED = 'We could not save your food log. Please try again.';

/**
 * The Base Daily page's forms: a meal logged (checked with core's schema, as the API checks it)
 * or an entry removed. The API says whether the member may, and whose entry it is.
 */
export async function dailyAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name }, { headers: cookies });
  if (name === LOG_FOOD_FORM) {
    const checked = checkForm(
      foodLogEntrySchema,
      { day: formText(form, 'day'), meal: formText(form, 'meal'), food: formText(form, 'food') },
      form,
    );
    if ('refusal' in checked) return refuse(checked.refusal);
    try {
      const entry = await api.logFood(checked.data);
      return accept(`${entry.mealLabel} logged: ${entry.food}`);
    } catch (error) {
      return refuse(refusedBy(error, FOOD_LOG_FAILED, form));
    }
  }
  if (name === REMOVE_FOOD_FORM) {
    try {
      await api.removeFoodLogEntry(formText(form, 'entry'));
      return accept('Removed from your food log.');
    } catch (error) {
      return refuse(refusedBy(error, FOOD_LOG_FAILED, form));
    }
  }
  return refuse({ ok: false, errors: {}, message: FOOD_LOG_FAILED });
}
