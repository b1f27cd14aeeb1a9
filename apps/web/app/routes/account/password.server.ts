import { data, type ActionFunctionArgs } from 'react-router';
import { changePasswordSchema, passwordMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText } from '../../lib/form.server';
import { messageOf } from '../../lib/errors';

const SECRET = ['currentPassword', 'password', 'confirmPassword'];

/**
 * Changes the signed-in member's password. The API ends every session and opens a new one for
 * this browser: its cookie goes back with the answer, or the member would be signed out here too.
 * Nothing typed comes back: every field is a password.
 */
export async function changePasswordAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = {
    currentPassword: formText(form, 'currentPassword'),
    password: formText(form, 'password'),
    confirmPassword: formText(form, 'confirmPassword'),
  };
  const checked = checkForm(changePasswordSchema, input, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const { message } = await api.changePassword(checked.data);
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    const refusal = (errors: Record<string, string>, message?: string) =>
      data<FormRefusal>({ ok: false, errors, ...(message ? { message } : {}) }, { status: 400, headers: cookies });
    if (isApiError(error) && error.code === 'CURRENT_PASSWORD_WRONG') return refusal({ currentPassword: error.message });
    if (isApiError(error) && error.code === 'PASSWORD_NOT_VALID') return refusal({ password: error.message });
    return refusal({}, messageOf(error, passwordMessages.fallback));
  }
}
