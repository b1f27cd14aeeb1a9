import { acceptInvitationSchema, staffInvitationMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

const SECRET = ['password', 'confirmPassword'];

/** Who the invitation is for, read with the link's token; an expired, used or revoked link says so. */
export async function staffInvitationLoader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { invitation: null };
  try {
    return { invitation: await serverApi(request, context).lookUpStaffInvitation(token) };
  } catch (error) {
    if (isApiError(error) && (error.status === 410 || error.status === 400)) return { invitation: null };
    throw error;
  }
}

/** Creates the staff account with the chosen password; the person then signs in. */
export async function staffInvitationAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = {
    token: new URL(request.url).searchParams.get('token') ?? '',
    password: formText(form, 'password'),
    confirmPassword: formText(form, 'confirmPassword'),
  };
  const checked = checkForm(acceptInvitationSchema, input, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const accepted = await api.acceptStaffInvitation(checked.data);
    return data<FormSuccess & { email: string }>({ ok: true, message: accepted.message, email: accepted.email }, { headers: cookies });
  } catch (error) {
    if (isApiError(error) && error.status === 410) {
      return data<FormRefusal>({ ok: false, errors: { token: staffInvitationMessages.invalid } }, { status: 400, headers: cookies });
    }
    return data<FormRefusal>(refusedBy(error, 'Your account could not be created. Please try again.', form, SECRET), {
      status: 400,
      headers: cookies,
    });
  }
}
