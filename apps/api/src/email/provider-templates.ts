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

/** To a clinic's client: the tests their clinic ordered and the link to pay for them. The link is the secret. */
export function payLinkEmail(input: {
  to: string;
  firstName: string;
  clinicName: string;
  tests: string[];
  /** the clinic's fee, named as its own line: never hidden in the total */
  fee: { label: string; amount: string } | null;
  total: string;
  url: string;
  expiresOn: string;
  reminder: boolean;
}): EmailMessage {
  const message = layout(
    input.reminder ? 'provider-pay-link-reminder' : 'provider-pay-link',
    input.to,
    input.reminder ? `Reminder: your tests from ${input.clinicName} are waiting` : `${input.clinicName} ordered health tests for you`,
    [
      `Hi ${input.firstName},`,
      input.reminder
        ? `${input.clinicName} ordered these tests for you, and they are not paid yet: ${input.tests.join(', ')}.`
        : `${input.clinicName} ordered these tests for you on Base: ${input.tests.join(', ')}.`,
      ...(input.fee ? [`${input.fee.label}: ${input.fee.amount}, included in the total.`] : []),
      `The total is ${input.total}. Pay with the link below; it works until ${input.expiresOn}. A clinician reviews every order before the tests are made, and if they decline it, everything you paid is refunded${input.fee ? ', the fee included' : ''}.`,
      'If you were not expecting this e-mail, you can ignore it.',
    ],
    { label: `Pay ${input.total}`, url: input.url },
  );
  return { ...message, secrets: [input.url] };
}

/** To the member who sent a pay link: the client did not pay it in time. */
export function payLinkExpiredEmail(input: { to: string; clientName: string; clinicName: string; url: string }): EmailMessage {
  return layout(
    'provider-pay-link-expired',
    input.to,
    `${input.clientName}’s payment link expired`,
    [
      `The payment link ${input.clinicName} sent to ${input.clientName} expired before it was paid.`,
      'You can send it again, with a new link, from the client’s orders in your dashboard.',
    ],
    { label: 'Open the dashboard', url: input.url },
  );
}

/**
 * To a clinic's client: the clinic ordered tests and paid for them. No price: the clinic pays, and
 * this is the client's receipt. The link (the secret) lets them in: they choose a password, or sign
 * in with the one they have, and find the order in their account.
 */
export function clinicPaidOrderEmail(input: {
  to: string;
  firstName: string;
  clinicName: string;
  tests: string[];
  orderNumber: number | null;
  url: string;
  expiresOn: string;
}): EmailMessage {
  const message = layout(
    'provider-clinic-paid-order',
    input.to,
    `${input.clinicName} ordered health tests for you`,
    [
      `Hi ${input.firstName},`,
      `${input.clinicName} ordered these tests for you on Base, and paid for them: ${input.tests.join(', ')}.`,
      input.orderNumber === null
        ? 'There is nothing for you to pay.'
        : `Your order number is ${input.orderNumber}. There is nothing for you to pay.`,
      `Open your order with the link below (it works until ${input.expiresOn}; after that, sign in or choose a new password at Base). There you choose a home kit or a partner lab and fill in your medical profile. A clinician reviews every order before the tests are made.`,
      'If you were not expecting this e-mail, you can ignore it.',
    ],
    { label: 'Open my order', url: input.url },
  );
  return { ...message, secrets: [input.url] };
}
