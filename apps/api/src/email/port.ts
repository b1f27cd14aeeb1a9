import { sql } from 'drizzle-orm';
import { emailOutbox, type Database } from '@shop/db';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SendOptions {
  /**
   * The job sending it (the queue's `email.send`): its outbox row carries the id, which lets a
   * retried job see that the e-mail already went out, and SMTP gets a Message-ID made from it.
   */
  jobId?: string;
}

/** The one way the shop sends e-mail: SMTP when configured, the outbox table otherwise. */
export interface EmailSender {
  readonly transport: 'smtp' | 'outbox';
  send(message: EmailMessage, options?: SendOptions): Promise<void>;
}

export function createEmailSender(db: Database, smtp: { url: string; from: string } | undefined): EmailSender {
  if (!smtp) {
    return {
      transport: 'outbox',
      async send(message, options) {
        // a second run of the same job meets the first one's row and stores nothing
        await db
          .insert(emailOutbox)
          .values({ ...toRow(message, options), status: 'stored' })
          .onConflictDoNothing({ target: emailOutbox.jobId, where: sql`status <> 'failed'` });
      },
    };
  }
  const transporter = nodemailer.createTransport(smtp.url);
  return {
    transport: 'smtp',
    async send(message, options) {
      const messageId = options?.jobId ? `<${options.jobId}@${domainOf(smtp.from)}>` : undefined;
      try {
        await transporter.sendMail({ from: smtp.from, ...message, ...(messageId ? { messageId } : {}) });
      } catch (error) {
        await db.insert(emailOutbox).values({ ...toRow(message, options), status: 'failed', error: String(error) });
        throw error;
      }
      await db
        .insert(emailOutbox)
        .values({ ...toRow(message, options), status: 'sent', sentAt: new Date() })
        .onConflictDoNothing({ target: emailOutbox.jobId, where: sql`status <> 'failed'` });
    },
  };
}

function toRow(message: EmailMessage, options: SendOptions | undefined) {
  return { toAddress: message.to, subject: message.subject, text: message.text, html: message.html, jobId: options?.jobId ?? null };
}

/** The sender's domain, for Message-IDs: `Base <hello@shop.local>` gives `shop.local`. */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'shop.local';
}
