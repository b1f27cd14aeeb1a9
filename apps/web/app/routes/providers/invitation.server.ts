import { acceptClinicInvitationSchema, providerMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

const SECRET = ['password', 'confirmPassword'];

/** Who the invitation is for and to which clinic, read with the link's token; an expired, used or revoked link says so. */
export async function clinicInvitationLoader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token) return { invitation: null };
  try {
    return { invitation: await serverApi(request, context).lookUpClinicInvitation(token) };
  } catch (error) {
    if (isApiError(error) && (error.status === 410 || error.status === 400)) return { invitation: null };
    throw error;
  }
}

/** Creates the account with the chosen password; it joins the clinic signed in, and lands in the dashboard. */
export async function clinicInvitationAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = {
    token: new URL(request.url).searchParams.get('token') ?? '',
    password: formText(form, 'password'),
    confirmPassword: formText(form, 'confirmPassword'),
  };
  const checked = checkForm(acceptClinicInvitationSchema, input, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    await api.acceptClinicInvitation(checked.data);
  } catch (error) {
    if (isApiError(error) && error.status === 410) {
      return data<FormRefusal>({ ok: false, errors: { token: providerMessages.invitationInvalid } }, { status: 400, headers: cookies });
    }
    return data<FormRefusal>(refusedBy(error, 'Your account could not be created. Please try again.', form, SECRET), {
      status: 400,
      headers: cookies,
    });
  }
  return redirect('/providers/dashboard', { headers: cookies });
}
