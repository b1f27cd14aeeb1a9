import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** The link is the secret: whoever reads it can create the staff account (see `EmailMessage.secrets`). */
export function staffInvitationEmail(input: {
  to: string;
  name: string;
  roleLabel: string;
  inviterName: string;
  url: string;
  validDays: number;
}): EmailMessage {
  const message = layout(
    'staff-invitation',
    input.to,
    `You are invited to join the Base team as ${input.roleLabel.toLowerCase()}`,
    [
      `Hi ${input.name},`,
      `${input.inviterName} has invited you to the Base console with the role ${input.roleLabel}.`,
      `Choose your password with the link below to create your account. It works once and for ${input.validDays} days. If you were not expecting this invitation, you can ignore this e-mail.`,
    ],
    { label: 'Accept the invitation', url: input.url },
  );
  return { ...message, secrets: [input.url] };
}
