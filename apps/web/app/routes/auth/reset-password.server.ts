import { data, type ActionFunctionArgs } from 'react-router';
import { passwordMessages, passwordResetRequestSchema } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, typedValues } from '../../lib/form.server';

/**
 * Asks the API for a reset link. The answer is the same whether or not the address has an
 * account; only a refusal for too many tries says more than the specification's failure message.
 */
export async function resetPasswordAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const checked = checkForm(passwordResetRequestSchema, { email: formText(form, 'email') }, form);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const { message } = await api.requestPasswordReset(checked.data.email);
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    const message = isApiError(error) && error.status === 429 ? error.message : passwordMessages.resetFailed;
    return data<FormRefusal>({ ok: false, errors: {}, message, values: typedValues(form) }, { status: 400, headers: cookies });
  }
}
