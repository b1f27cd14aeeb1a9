import { acceptClinicInvitationSchema, providerMessages } from '@shop/core';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { acceptInvitation, invitationKind, loadInvitation } from '../../lib/invitation.server';

/** A clinic's invitation: its member joins the clinic's provider dashboard. */
const clinicInvitation = invitationKind({
  lookUp: (api, token) => api.lookUpClinicInvitation(token),
  schema: acceptClinicInvitationSchema,
  acceptWithNewAccount: (api, form) => api.acceptClinicInvitation(form),
  acceptSignedIn: (api, token) => api.acceptClinicInvitationSignedIn(token),
  landing: '/providers/dashboard',
  invalid: providerMessages.invitationInvalid,
  failed: {
    newAccount: 'Your account could not be created. Please try again.',
    signedIn: 'You could not join the clinic. Please try again.',
  },
});

/** Who the invitation is for and to which clinic; with an account already, who is signed in decides what the page offers. */
export function clinicInvitationLoader({ request, context }: LoaderFunctionArgs) {
  return loadInvitation(request, context, clinicInvitation);
}

/** Joins the clinic, with the account signed in or by creating the account; the member lands in the dashboard. */
export function clinicInvitationAction({ request, context }: ActionFunctionArgs) {
  return acceptInvitation(request, context, clinicInvitation);
}
