import { supportTopicLabels, type SupportTopic } from '@shop/core';
import { enqueueEmail } from '../email/queue.ts';
import { supportTeamNoticeEmail } from '../email/support-templates.ts';
import { onEvent } from '../events/bus.ts';

/** Support hears that a customer wrote, once per message, with a link to the conversation in the console. */
export const tellSupportOfMessage = (config: { publicUrl: string; supportEmail: string }) =>
  onEvent({
    name: 'support.tell-team',
    on: 'support.message_received',
    mode: 'queued',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        supportTeamNoticeEmail({
          to: config.supportEmail,
          topicLabel: supportTopicLabels[payload.topic as SupportTopic] ?? payload.topic,
          member: payload.member,
          reply: payload.reply,
          threadUrl: `${config.publicUrl}/admin/messages/${payload.threadId}`,
        }),
        `support-notice:${payload.messageId}`,
      );
    },
  });
