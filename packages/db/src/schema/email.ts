import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the shop sends, in order. Without SMTP configured this is where mail ends up
 * (status `stored`), readable in the operator console; with SMTP it is the sending log.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    // the template that wrote it (password-reset, receipt…)
    template: text(),
    // the body, only where the outbox is the mailbox (no SMTP): its secrets hidden as [hidden N]…
    text: text(),
    html: text(),
    // …and kept here, encrypted with the application's key (apps/api/src/email/sealed-secrets.ts)
    sealed: text(),
    // files sent with it (a calendar invitation), kept like the body: only where the outbox is the mailbox
    attachments: jsonb().$type<{ filename: string; contentType: string; content: string }[]>(),
    // stored (no SMTP) | sent | failed
    status: text().notNull(),
    error: text(),
    // the job that sent it: a job retried after its e-mail went out finds this row and stops
    jobId: uuid(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.toAddress),
    // the console counts an e-mail's attempts by its job
    index().on(t.jobId),
    // one delivered (or stored) e-mail per job; failed tries of the same job may pile up
    uniqueIndex('email_outbox_job_id_delivered')
      .on(t.jobId)
      .where(sql`status <> 'failed'`),
  ],
);
