import { acceptClinicInvitationSchema, providerMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import type { PageContext } from '../../lib/load-context';

const SECRET = ['password', 'confirmPassword'];

/**
 * Who the invitation is for and to which clinic, read with the link's token; an expired, used or
 * revoked link says so. When the address has an account already, who is signed in decides what the
 * page offers: join with it, or sign in with the invited address first.
 */
export async function clinicInvitationLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token') ?? '';
  if (!token) return { invitation: null, signedInAs: null, signInLink: '' };
  const api = serverApi(request, context);
  try {
    const invitation = await api.lookUpClinicInvitation(token);
    const session = invitation.hasAccount ? await api.session() : null;
    return {
      invitation,
      signedInAs: session?.user.email ?? null,
      signInLink: `/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`,
    };
  } catch (error) {
    if (isApiError(error) && (error.status === 410 || error.status === 400)) return { invitation: null, signedInAs: null, signInLink: '' };
    throw error;
  }
}

/**
 * Joins the clinic: with the account signed in (the invited address's, which the API checks), or by
 * creating the account with the chosen password; either way the member lands in the dashboard.
 */
export async function clinicInvitationAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (formText(form, 'intent') === 'join-signed-in') return joinSignedIn(request, context, form);
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

async function joinSignedIn(request: Request, context: PageContext, form: FormData) {
  const { api, cookies } = actionApi(request, context);
  try {
    await api.acceptClinicInvitationSignedIn(new URL(request.url).searchParams.get('token') ?? '');
  } catch (error) {
    if (isApiError(error) && error.status === 410) {
      return data<FormRefusal>({ ok: false, errors: { token: providerMessages.invitationInvalid } }, { status: 400, headers: cookies });
    }
    return data<FormRefusal>(refusedBy(error, 'You could not join the clinic. Please try again.', form), { status: 400, headers: cookies });
  }
  return redirect('/providers/dashboard', { headers: cookies });
}
