import { data, type ActionFunctionArgs } from 'react-router';
import { isApiError } from '@shop/client/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, formText } from '../../lib/form.server';
import { messageOf } from '../../lib/errors';

/**
 * Deletes the signed-in member's account with their password. The API cancels and refunds the
 * orders not yet shipped, erases the account and ends its session: the cleared cookie goes back
 * with the answer. Nothing typed comes back: the field is a password.
 */
export async function deleteAccountAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const password = formText(form, 'password');
  if (!password)
    return data<FormRefusal>({ ok: false, errors: { password: 'Enter your password to delete your account.' } }, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const { message } = await api.deleteAccount({ password });
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    if (isApiError(error) && error.code === 'PASSWORD_WRONG') {
      return data<FormRefusal>({ ok: false, errors: { password: error.message } }, { status: 400, headers: cookies });
    }
    return data<FormRefusal>(
      { ok: false, errors: {}, message: messageOf(error, 'Your account could not be deleted. Please try again.') },
      { status: 400, headers: cookies },
    );
  }
}
