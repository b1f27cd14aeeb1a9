import { data } from 'react-router';
import { employerRevocationMessages, employerRevokeSchema } from '@shop/core';
import type { ApiClient } from '@shop/client';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import type { PageContext } from '../../lib/load-context';
import { REVOKE_ADMIN_FORM } from './business-portal-launch-forms';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';

const REVOKE_FAILED = 'This could not be done. Please try again.';

/** What the revocation's form answers when done (a refusal is the portal's usual one). */
export type LaunchSuccess = FormSuccess & { form: typeof REVOKE_ADMIN_FORM };
type LaunchAnswer = (FormRefusal & { form?: string }) | LaunchSuccess;

/**
 * What the portal's launch kit, bank banner and admins' list read besides the rest of the portal:
 * the kit, the bank's level, and who is signed in (their own row in the admins' list offers no
 * "Remove").
 */
export async function portalLaunchData(api: ApiClient) {
  const [launchKit, bankNotice, session] = await Promise.all([api.businessLaunchKit(), api.businessBankNotice(), api.session()]);
  return { launchKit, bankNotice, you: session?.user?.email ?? null };
}

/** An admin revokes an open invitation or removes another admin of the group: with or without the page's script. */
export async function revokeAdminAction(form: FormData, request: Request, context: PageContext) {
  const checked = checkForm(employerRevokeSchema, { email: formText(form, 'email') }, form);
  if ('refusal' in checked) return data<LaunchAnswer>({ ...checked.refusal, form: REVOKE_ADMIN_FORM }, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const revoked = await api.revokeBusinessAdmin(checked.data.email);
    const message =
      revoked.outcome === 'admin_removed'
        ? employerRevocationMessages.removed(revoked.email)
        : employerRevocationMessages.revoked(revoked.email);
    return data<LaunchAnswer>({ ok: true, form: REVOKE_ADMIN_FORM, message }, { headers: cookies });
  } catch (error) {
    return data<LaunchAnswer>({ ...refusedBy(error, REVOKE_FAILED, form), form: REVOKE_ADMIN_FORM }, { status: 400, headers: cookies });
  }
}

export const launchActions = { [REVOKE_ADMIN_FORM]: revokeAdminAction };
