import { z } from 'zod';
import { passwordMessages, isStrongPassword } from '../accounts/password.ts';
import { emailField } from '../checkout/schemas.ts';

/** An employer admin's invitation works this many days. */
export const EMPLOYER_INVITATION_DAYS = 7;
/** A group has at most this many admins, invitations still waiting included. */
export const MAX_EMPLOYER_ADMINS = 5;

export const employerInvitationMessages = {
  invalid: 'This invitation link is no longer valid: it expired or was used. Please ask for a new one.',
  otherAddress: (invited: string) => `This invitation was sent to another e-mail address. Sign in as ${invited} to accept it.`,
  accountExists: 'An account with this e-mail address already exists. Please sign in with it to accept the invitation.',
  staffAccount: 'A staff account cannot be an employer admin. Use another account.',
  adminElsewhere: 'This account is an employer admin of another group already.',
  alreadyAdmin: 'This person is an admin of your group already.',
  tooMany: `A group has at most ${MAX_EMPLOYER_ADMINS} employer admins, invitations waiting included.`,
} as const;

/**
 * What an invitation's sender sees of it: sent (waiting for the invited person), accepted, or
 * expired (a new invitation to the same address sends a new link).
 */
export const employerInvitationStates = ['sent', 'accepted', 'expired'] as const;
export type EmployerInvitationState = (typeof employerInvitationStates)[number];

export const employerInvitationStateLabels: Record<EmployerInvitationState, string> = {
  sent: 'Sent',
  accepted: 'Accepted',
  expired: 'Expired',
};

/** Inviting an admin of a group, from the console or the portal. */
export const employerAdminInviteSchema = z.strictObject({ email: emailField });

const invitationToken = z
  .string({ error: employerInvitationMessages.invalid })
  .min(1, { error: employerInvitationMessages.invalid })
  .max(200, { error: employerInvitationMessages.invalid });

/** An invitation accepted by the account signed in: the link's token alone. */
export const acceptEmployerInvitationSignedInSchema = z.strictObject({ token: invitationToken });

/** An invitation accepted by making the account: the password is chosen on the invitation's page. */
export const acceptEmployerInvitationSchema = z
  .strictObject({
    token: invitationToken,
    password: z.string().max(128, { error: passwordMessages.rule }).refine(isStrongPassword, { error: passwordMessages.rule }),
    confirmPassword: z.string().max(128, { error: passwordMessages.mismatch }),
  })
  .refine((form) => form.password === form.confirmPassword, { error: passwordMessages.mismatch, path: ['confirmPassword'] });
