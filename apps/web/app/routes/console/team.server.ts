import { staffInvitationSchema } from '@shop/core';
import type { ActionFunctionArgs } from 'react-router';
import { checkForm, formText } from '../../lib/form.server';
import { answerNamedForm } from '../../lib/named-forms.server';
import { INVITE_STAFF_FORM, RESEND_INVITATION_FORM, REVOKE_INVITATION_FORM } from '../support/support-forms';

export const TEAM_FAILED_MESSAGE = 'The invitation could not be changed. Please try again.';

/** The team page's forms: invite a person with a role, send an invitation again with a new link, or revoke it. */
export async function teamAction(args: ActionFunctionArgs) {
  return answerNamedForm(args, TEAM_FAILED_MESSAGE, {
    [INVITE_STAFF_FORM]: async ({ form, api, refuse, accept }) => {
      const input = { email: formText(form, 'email'), name: formText(form, 'name'), role: formText(form, 'role') };
      const checked = checkForm(staffInvitationSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.inviteStaff(checked.data);
      return accept(`Invitation sent to ${checked.data.email}. The link works once, for 7 days.`);
    },
    [RESEND_INVITATION_FORM]: async ({ form, api, accept }) => {
      await api.resendStaffInvitation(formText(form, 'invitationId'));
      return accept('Invitation sent again with a new link; the previous link no longer works.');
    },
    [REVOKE_INVITATION_FORM]: async ({ form, api, accept }) => {
      await api.revokeStaffInvitation(formText(form, 'invitationId'));
      return accept('Invitation revoked: its link no longer works.');
    },
  });
}
