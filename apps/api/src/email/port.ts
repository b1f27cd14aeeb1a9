import { sql } from 'drizzle-orm';
import { emailOutbox, type Database } from '@shop/db';
import nodemailer from 'nodemailer';
import { emails, prepareEmailSeries } from '../monitoring/metrics.ts';
import type { SecretSealer } from './sealed-secrets.ts';

/** A file sent with an e-mail, as text (a calendar invitation); it may carry no secret: it rests in the queue and the outbox as it is. */
export interface EmailAttachment {
  filename: string;
  /** with its parameters: `text/calendar; charset=utf-8; method=REQUEST` */
  contentType: string;
  content: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  /** which template wrote it: with SMTP, what the outbox keeps of it besides the address and subject */
  template: string;
  text: string;
  html: string;
  /**
   * What in the text and HTML gives its reader power (a reset link, a gift code): never stored
   * in clear. A queued e-mail carries them sealed (`SecretSealer`), and the outbox without them.
   */
  secrets?: string[];
  attachments?: EmailAttachment[];
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

/**
 * Without SMTP the outbox is where e-mails are read, in development: it keeps the body with its
 * secrets hidden and sealed (the console opens them outside production only). With SMTP it keeps
 * what was sent to whom and when, never the body.
 */
export function createEmailSender(db: Database, smtp: { url: string; from: string } | undefined, sealer: SecretSealer): EmailSender {
  prepareEmailSeries(smtp ? 'smtp' : 'outbox');
  if (!smtp) {
    return {
      transport: 'outbox',
      async send(message, options) {
        const sealed = sealer.seal(message);
        // a second run of the same job meets the first one's row and stores nothing
        await db
          .insert(emailOutbox)
          .values({
            ...metadata(message, options),
            text: sealed.text,
            html: sealed.html,
            sealed: sealed.sealed ?? null,
            attachments: message.attachments?.length ? message.attachments : null,
            status: 'stored',
          })
          .onConflictDoNothing({ target: emailOutbox.jobId, where: sql`status <> 'failed'` });
        emails.inc({ transport: 'outbox', outcome: 'stored' });
      },
    };
  }
  const transporter = nodemailer.createTransport(smtp.url);
  return {
    transport: 'smtp',
    async send(message, options) {
      const messageId = options?.jobId ? `<${options.jobId}@${domainOf(smtp.from)}>` : undefined;
      const { to, subject, text, html } = message;
      const attachments = (message.attachments ?? []).map(({ filename, content, contentType }) => ({ filename, content, contentType }));
      try {
        await transporter.sendMail({
          from: smtp.from,
          to,
          subject,
          text,
          html,
          ...(attachments.length ? { attachments } : {}),
          ...(messageId ? { messageId } : {}),
        });
      } catch (error) {
        emails.inc({ transport: 'smtp', outcome: 'failed' });
        await db.insert(emailOutbox).values({ ...metadata(message, options), status: 'failed', error: String(error) });
        throw error;
      }
      await db
        .insert(emailOutbox)
        .values({ ...metadata(message, options), status: 'sent', sentAt: new Date() })
        .onConflictDoNothing({ target: emailOutbox.jobId, where: sql`status <> 'failed'` });
      emails.inc({ transport: 'smtp', outcome: 'sent' });
    },
  };
}

function metadata(message: EmailMessage, options: SendOptions | undefined) {
  return { toAddress: message.to, subject: message.subject, template: message.template, jobId: options?.jobId ?? null };
}

/** The sender's domain, for Message-IDs: `Base <hello@shop.local>` gives `shop.local`. */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'shop.local';
}
