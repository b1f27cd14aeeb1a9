import { and, desc, eq, ne } from 'drizzle-orm';
import { emailOutbox, type Executor } from '@shop/db';
import type { SealedEmail } from './sealed-secrets.ts';

export async function listOutbox(db: Executor, to: string | undefined, limit: number) {
  const query = db.select().from(emailOutbox);
  const filtered = to ? query.where(eq(emailOutbox.toAddress, to)) : query;
  return filtered.orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/** Whether the job's e-mail was already sent or stored: a retried job must not send it twice. */
export async function deliveredForJob(db: Executor, jobId: string): Promise<boolean> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.jobId, jobId), ne(emailOutbox.status, 'failed')))
    .limit(1);
  return rows.length > 0;
}

/** An outbox row as the e-mail it stores, its secrets still sealed; an e-mail sent by SMTP has no body. */
export function storedEmail(row: typeof emailOutbox.$inferSelect): SealedEmail {
  return {
    to: row.toAddress,
    subject: row.subject,
    template: row.template ?? '',
    text: row.text ?? '',
    html: row.html ?? '',
    ...(row.sealed ? { sealed: row.sealed } : {}),
    ...(row.attachments?.length ? { attachments: row.attachments } : {}),
  };
}
