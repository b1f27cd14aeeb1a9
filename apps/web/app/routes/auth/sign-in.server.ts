import { data, redirectDocument, type ActionFunctionArgs } from 'react-router';
import { checkoutAccountSchema, landingFor } from '@shop/core';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const SIGN_IN_FAILED_MESSAGE = 'We could not sign you in. Please try again.';

const SECRET = ['password'];

/** Where to go after signing in, from the page's `next`: only a path on this site, never an open redirect. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * Signs in through the API as the visitor and sends the browser on with the new session's
 * cookies: to `next`, or where the person works (core's `landingFor`: the console for staff, the
 * provider dashboard, the employer portal, the member's account). The redirect loads the
 * whole page, so the header and every loader see the new session.
 */
export async function signInAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const checked = checkForm(checkoutAccountSchema, { email: formText(form, 'email'), password: formText(form, 'password') }, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    await api.signIn(checked.data.email, checked.data.password);
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, SIGN_IN_FAILED_MESSAGE, form, SECRET), { status: 400, headers: cookies });
  }
  // the client's jar carries the new session: this reads who just signed in, and where they work
  const session = await api.session().catch(() => null);
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  return redirectDocument(next ?? landingFor(session?.user.role), { headers: cookies });
}
