import { acceptEmployerInvitationSchema, employerInvitationMessages, landingFor } from '@shop/core';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { acceptInvitation, invitationKind, loadInvitation } from '../../lib/invitation.server';

/** An employer admin's invitation, from Base or a co-admin: the admin lands in the employer portal. */
const employerInvitation = invitationKind({
  lookUp: (api, token) => api.lookUpEmployerInvitation(token),
  schema: acceptEmployerInvitationSchema,
  acceptWithNewAccount: (api, form) => api.acceptEmployerInvitationWithNewAccount(form),
  acceptSignedIn: (api, token) => api.acceptEmployerInvitation(token),
  landing: landingFor('employer_admin'),
  invalid: employerInvitationMessages.invalid,
  failed: {
    newAccount: 'Your account could not be created. Please try again.',
    signedIn: 'The invitation could not be accepted. Please try again.',
  },
});

/** Who the invitation is for and to which group; with an account already, who is signed in decides what the page offers. */
export function employerInvitationLoader({ request, context }: LoaderFunctionArgs) {
  return loadInvitation(request, context, employerInvitation);
}

/** Accepts, with the account signed in or by creating the account; the admin lands in the portal. */
export function employerInvitationAction({ request, context }: ActionFunctionArgs) {
  return acceptInvitation(request, context, employerInvitation);
}
