import { shoppingListEmailSchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { EMAIL_LIST_FORM } from './program-forms';

export const EMAIL_LIST_FAILED = 'We could not e-mail your shopping list. Please try again.';

/**
 * "E-mail me this list": the week is the page's own (its address), checked with core's schema as
 * the API checks it, then sent as the member. The API says whether they have a program, and how
 * many lists an hour it sends.
 */
export async function shoppingListAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  if (name !== EMAIL_LIST_FORM) return refuse({ ok: false, errors: {}, message: EMAIL_LIST_FAILED });
  const checked = checkForm(shoppingListEmailSchema, { week: Number(params.week) }, form);
  if ('refusal' in checked)
    return refuse({ ok: false, errors: {}, message: Object.values(checked.refusal.errors)[0] ?? EMAIL_LIST_FAILED });
  try {
    const sent = await api.emailShoppingList(checked.data.week);
    return data<FormSuccess>(
      {
        ok: true,
        form: name,
        message: `We e-mailed your week ${sent.week} shopping list to ${sent.to}. It should arrive in a few minutes.`,
      },
      { headers: cookies },
    );
  } catch (error) {
    return refuse(refusedBy(error, EMAIL_LIST_FAILED, form));
  }
}
