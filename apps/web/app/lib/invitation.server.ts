import { isApiError } from '@shop/client/errors';
import type { ApiClient } from '@shop/client';
import { data, redirect } from 'react-router';
import { serverApi } from './api';
import type { FormRefusal } from './form-answer';
import { actionApi, checkForm, formText, refusedBy, type Schema } from './form.server';
import { ACCEPT_SIGNED_IN } from './invitation-forms';
import type { PageContext } from './load-context';

const SECRET = ['password', 'confirmPassword'];

/** What an invitation's page needs of the invitation the API looked up. */
export interface InvitationSeen {
  email: string;
  hasAccount: boolean;
}

/**
 * How one kind of invitation is looked up and accepted: the shop's invitations that make an
 * account with a password chosen on their page (a clinic's member, an employer's admin) differ only
 * in these, so their pages share the loader and action below.
 */
export interface InvitationKind<T extends InvitationSeen> {
  lookUp: (api: ApiClient, token: string) => Promise<T>;
  /** core's schema of the new account's form: the token, the password and its repetition */
  schema: Schema<{ token: string; password: string; confirmPassword: string }>;
  acceptWithNewAccount: (api: ApiClient, form: { token: string; password: string; confirmPassword: string }) => Promise<unknown>;
  acceptSignedIn: (api: ApiClient, token: string) => Promise<unknown>;
  /** where the person lands once they have accepted: where they work */
  landing: string;
  /** what an expired, used or unknown link is told */
  invalid: string;
  failed: { newAccount: string; signedIn: string };
}

/** One kind of invitation, its invitation's type read from its look-up. */
export const invitationKind = <T extends InvitationSeen>(kind: InvitationKind<T>) => kind;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

/**
 * Who the invitation is for, read with the link's token; an expired, used or revoked link says so
 * (no invitation). When the address has an account already, who is signed in decides what the page
 * offers: accept with it, or sign in with the invited address first and come back.
 */
export async function loadInvitation<T extends InvitationSeen>(request: Request, context: PageContext, kind: InvitationKind<T>) {
  const url = new URL(request.url);
  const token = tokenOf(request);
  const none = { invitation: null, signedInAs: null, signInLink: '' };
  if (!token) return none;
  const api = serverApi(request, context);
  try {
    const invitation = await kind.lookUp(api, token);
    const session = invitation.hasAccount ? await api.session() : null;
    return {
      invitation,
      signedInAs: session?.user.email ?? null,
      signInLink: `/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`,
    };
  } catch (error) {
    if (isApiError(error) && (error.status === 410 || error.status === 400)) return none;
    throw error;
  }
}

/**
 * Accepts the invitation: with the account signed in (the invited address's, which the API
 * checks), or by making the account with the chosen password, which signs the person in; either
 * way they land where they work.
 */
export async function acceptInvitation<T extends InvitationSeen>(request: Request, context: PageContext, kind: InvitationKind<T>) {
  const form = await request.formData();
  const signedIn = formText(form, 'intent') === ACCEPT_SIGNED_IN;
  const token = tokenOf(request);
  let sendable: { token: string; password: string; confirmPassword: string } | null = null;
  if (!signedIn) {
    const input = { token, password: formText(form, 'password'), confirmPassword: formText(form, 'confirmPassword') };
    const checked = checkForm(kind.schema, input, form, SECRET);
    if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
    sendable = checked.data;
  }
  const { api, cookies } = actionApi(request, context);
  try {
    if (sendable) await kind.acceptWithNewAccount(api, sendable);
    else await kind.acceptSignedIn(api, token);
  } catch (error) {
    if (isApiError(error) && error.status === 410) {
      return data<FormRefusal>({ ok: false, errors: { token: kind.invalid } }, { status: 400, headers: cookies });
    }
    const fallback = signedIn ? kind.failed.signedIn : kind.failed.newAccount;
    return data<FormRefusal>(refusedBy(error, fallback, form, SECRET), { status: 400, headers: cookies });
  }
  return redirect(kind.landing, { headers: cookies });
}
