import type { EmailMessage } from './port.ts';
import { layout } from './templates.ts';

/** Support's answer, whole in the e-mail, with where to go on with the conversation. */
export function supportReplyEmail(input: {
  to: string;
  name: string;
  subject: string;
  staffName: string;
  body: string;
  /** the thread in the member's account, or the contact page for a visitor */
  continueUrl: string;
  isMember: boolean;
}): EmailMessage {
  return layout(
    'support-reply',
    input.to,
    `Re: ${input.subject}`,
    [
      `Hi ${input.name},`,
      ...input.body.split(/\n{2,}/),
      `${input.staffName}, Base support`,
      input.isMember
        ? 'You can read the whole conversation and reply in your account.'
        : 'To reply, send us a message from the contact page and mention this subject: this e-mail address is not read.',
    ],
    { label: input.isMember ? 'Reply in your account' : 'Send us a message', url: input.continueUrl },
  );
}

/**
 * Support's notice that a customer wrote. It carries no word of the message (nor its subject): a
 * message to a health shop may hold health details, and the inbox it goes to is not the console.
 */
export function supportTeamNoticeEmail(input: {
  to: string;
  topicLabel: string;
  member: boolean;
  reply: boolean;
  threadUrl: string;
}): EmailMessage {
  const who = input.member ? 'A member' : 'A visitor';
  return layout(
    'support-notice',
    input.to,
    input.reply ? 'A member replied to support' : 'New message to support',
    [
      input.reply
        ? `${who} replied in a conversation (${input.topicLabel}). It is support's turn again.`
        : `${who} wrote to support (${input.topicLabel}).`,
      'Read and answer it in the console. This e-mail carries no part of the message, which may hold health details.',
    ],
    { label: 'Open the conversation', url: input.threadUrl },
  );
}
