import { emailOutbox, type Database } from '@shop/db';
import nodemailer from 'nodemailer';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The one way the shop sends e-mail: SMTP when configured, the outbox table otherwise. */
export interface EmailSender {
  readonly transport: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}

export function createEmailSender(db: Database, smtp: { url: string; from: string } | undefined): EmailSender {
  if (!smtp) {
    return {
      transport: 'outbox',
      async send(message) {
        await db.insert(emailOutbox).values({ ...toRow(message), status: 'stored' });
      },
    };
  }
  const transporter = nodemailer.createTransport(smtp.url);
  return {
    transport: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({ from: smtp.from, ...message });
        await db.insert(emailOutbox).values({ ...toRow(message), status: 'sent', sentAt: new Date() });
      } catch (error) {
        await db.insert(emailOutbox).values({ ...toRow(message), status: 'failed', error: String(error) });
        throw error;
      }
    },
  };
}

function toRow(message: EmailMessage) {
  return { toAddress: message.to, subject: message.subject, text: message.text, html: message.html };
}
