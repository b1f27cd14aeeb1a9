import { and, desc, eq, ne } from 'drizzle-orm';
import { emailOutbox, type Executor } from '@shop/db';

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
