import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** The link is the secret: whoever reads it can join the clinic (see `EmailMessage.secrets`). */
export function clinicInvitationEmail(input: {
  to: string;
  name: string;
  clinicName: string;
  roleLabel: string;
  inviterName: string;
  url: string;
  validDays: number;
}): EmailMessage {
  const message = layout(
    'clinic-invitation',
    input.to,
    `You are invited to join ${input.clinicName} on Base`,
    [
      `Hi ${input.name},`,
      `${input.inviterName} has invited you to the provider dashboard of ${input.clinicName} with the role ${input.roleLabel}.`,
      `Choose your password with the link below to join. It works once and for ${input.validDays} days. If you were not expecting this invitation, you can ignore this e-mail.`,
    ],
    { label: 'Accept the invitation', url: input.url },
  );
  return { ...message, secrets: [input.url] };
}
