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

/** To each admin of a clinic: someone who signed up asks to join it. */
export function joinRequestEmail(input: {
  to: string;
  clinicName: string;
  requesterName: string;
  requesterEmail: string;
  url: string;
}): EmailMessage {
  return layout(
    'clinic-join-request',
    input.to,
    `${input.requesterName} asks to join ${input.clinicName} on Base`,
    [
      `${input.requesterName} (${input.requesterEmail}) signed up to Base and asks to join ${input.clinicName}.`,
      'Approve the request with a role, or decline it, in the Team part of your dashboard. Until then they see nothing of your clinic.',
    ],
    { label: 'Open the dashboard', url: input.url },
  );
}

/** To the person who asked to join: the admins' answer. */
export function joinAnswerEmail(input: {
  to: string;
  name: string;
  clinicName: string;
  approved: boolean;
  roleLabel: string;
  url: string;
}): EmailMessage {
  return layout(
    input.approved ? 'clinic-join-approved' : 'clinic-join-declined',
    input.to,
    input.approved ? `You joined ${input.clinicName} on Base` : `Your request to join ${input.clinicName}`,
    input.approved
      ? [`Hi ${input.name},`, `An admin of ${input.clinicName} approved your request: you are a member, with the role ${input.roleLabel}.`]
      : [
          `Hi ${input.name},`,
          `An admin of ${input.clinicName} declined your request to join. If you think this is a mistake, please ask them directly.`,
        ],
    input.approved ? { label: 'Open the dashboard', url: input.url } : undefined,
  );
}
