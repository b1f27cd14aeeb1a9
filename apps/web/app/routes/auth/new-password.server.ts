import { data, type ActionFunctionArgs } from 'react-router';
import { newPasswordSchema, passwordMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText } from '../../lib/form.server';

const SECRET = ['password', 'confirmPassword'];

/**
 * Sets the new password with the token of the e-mailed link, read from the page's address as the
 * loader reads it. A token the API no longer knows is the refusal `errors.token`: the page then
 * says the link has expired and offers a new one.
 */
export async function newPasswordAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = {
    token: new URL(request.url).searchParams.get('token') ?? '',
    password: formText(form, 'password'),
    confirmPassword: formText(form, 'confirmPassword'),
  };
  const checked = checkForm(newPasswordSchema, input, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const { message } = await api.setNewPassword(checked.data);
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    const refusal = (errors: Record<string, string>, message?: string) =>
      data<FormRefusal>({ ok: false, errors, ...(message ? { message } : {}) }, { status: 400, headers: cookies });
    if (isApiError(error) && error.code === 'EXPIRED_PASSWORD_TOKEN') return refusal({ token: error.message });
    if (isApiError(error) && error.code === 'PASSWORD_NOT_VALID') return refusal({ password: error.message });
    return refusal({}, passwordMessages.fallback);
  }
}
