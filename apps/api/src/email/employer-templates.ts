import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/**
 * An employer admin's invitation. The link is the secret: whoever reads it can make the account
 * (see `EmailMessage.secrets`). `inviter` is Base for an operator's invitation, a person of the
 * group for a co-admin's.
 */
export function employerAdminInvitationEmail(input: {
  to: string;
  groupName: string;
  inviter: string;
  url: string;
  validDays: number;
}): EmailMessage {
  const message = layout(
    'employer-admin-invitation',
    input.to,
    `You are invited to the ${input.groupName} employer portal`,
    [
      `${input.inviter} invites you to the employer portal of ${input.groupName}: your employees' cover, census and codes, and figures that never name anyone.`,
      `Open the link to choose your password and create your account; if this e-mail address has an account with Base already, sign in with it there. The link works once, for ${input.validDays} days. If you were not expecting this invitation, you can ignore this e-mail.`,
    ],
    { label: 'Accept the invitation', url: input.url },
  );
  return { ...message, secrets: [input.url] };
}
