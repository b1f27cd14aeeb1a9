import { data, type ActionFunctionArgs } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { ACCOUNT_DELETED, PREPARE_ARCHIVE_FORM } from '../../components/account/forms';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, formText } from '../../lib/form.server';
import { messageOf } from '../../lib/errors';

/**
 * Deletes the signed-in member's account with their password; an account without one (Google
 * sign-in) is e-mailed a link instead, which the page says (`form: 'link-sent'`). The API cancels and refunds the
 * orders not yet shipped, erases the account and ends its session: the cleared cookie goes back
 * with the answer. Nothing typed comes back: the field is a password.
 */
export async function deleteAccountAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  if (formText(form, 'confirmBy') === 'email') return sendDeletionLink(api, cookies);
  const password = formText(form, 'password');
  if (!password)
    return data<FormRefusal>({ ok: false, errors: { password: 'Enter your password to delete your account.' } }, { status: 400 });
  try {
    const { message } = await api.deleteAccount({ password });
    return data<FormSuccess>({ ok: true, message, ...ACCOUNT_DELETED }, { headers: cookies });
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

async function sendDeletionLink(api: ReturnType<typeof actionApi>['api'], cookies: Headers) {
  try {
    const { message } = await api.deleteAccount({});
    return data<FormSuccess>({ ok: true, form: 'link-sent', message }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(
      { ok: false, errors: {}, message: messageOf(error, 'The link could not be sent. Please try again.') },
      { status: 400, headers: cookies },
    );
  }
}

/** Deletes an account without a password with the token of the link e-mailed to it: the same deletion, confirmed by the mailbox. */
export async function confirmDeletionAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  try {
    const { message } = await api.confirmAccountDeletion(formText(form, 'token'));
    return data<FormSuccess>({ ok: true, message, ...ACCOUNT_DELETED }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(
      { ok: false, errors: {}, message: messageOf(error, 'Your account could not be deleted. Please try again.') },
      { status: 400, headers: cookies },
    );
  }
}

/**
 * Asks for the member's data archive to be prepared and e-mailed as a link (an archive too large
 * to build while they wait): the API's answer is the page's "we are preparing your archive".
 */
export async function prepareArchiveAction({ request, context }: ActionFunctionArgs) {
  const { api, cookies } = actionApi(request, context);
  try {
    const { message } = await api.requestDataArchive();
    return data<FormSuccess>({ ok: true, form: PREPARE_ARCHIVE_FORM, message }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(
      {
        ok: false,
        form: PREPARE_ARCHIVE_FORM,
        errors: {},
        message: messageOf(error, 'Your archive could not be asked for. Please try again.'),
      },
      { status: 400, headers: cookies },
    );
  }
}

/** The page's action: the archive's form by its name, the deletion's otherwise. */
export async function myDataAction(args: ActionFunctionArgs) {
  const form = await args.request.clone().formData();
  if (formText(form, '_form') === PREPARE_ARCHIVE_FORM) return prepareArchiveAction(args);
  return deleteAccountAction(args);
}
