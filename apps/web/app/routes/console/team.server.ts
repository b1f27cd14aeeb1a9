import { staffInvitationSchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { INVITE_STAFF_FORM, RESEND_INVITATION_FORM, REVOKE_INVITATION_FORM } from '../support/support-forms';

export const TEAM_FAILED_MESSAGE = 'The invitation could not be changed. Please try again.';

/** The team page's forms: invite a person with a role, send an invitation again with a new link, or revoke it. */
export async function teamAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name }, { headers: cookies });
  try {
    if (name === INVITE_STAFF_FORM) {
      const input = { email: formText(form, 'email'), name: formText(form, 'name'), role: formText(form, 'role') };
      const checked = checkForm(staffInvitationSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.inviteStaff(checked.data);
      return accept(`Invitation sent to ${checked.data.email}. The link works once, for 7 days.`);
    }
    if (name === RESEND_INVITATION_FORM) {
      await api.resendStaffInvitation(formText(form, 'invitationId'));
      return accept('Invitation sent again with a new link; the previous link no longer works.');
    }
    if (name === REVOKE_INVITATION_FORM) {
      await api.revokeStaffInvitation(formText(form, 'invitationId'));
      return accept('Invitation revoked: its link no longer works.');
    }
    return refuse({ ok: false, errors: {}, message: TEAM_FAILED_MESSAGE });
  } catch (error) {
    return refuse(refusedBy(error, TEAM_FAILED_MESSAGE, form));
  }
}
