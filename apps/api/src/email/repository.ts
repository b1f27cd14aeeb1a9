import { and, count, desc, eq, inArray, min, ne } from 'drizzle-orm';
import { emailOutbox, type Executor } from '@shop/db';
import type { SealedEmail } from './sealed-secrets.ts';

/** How many rows of the outbox the console reads to find its latest e-mails: attempts of one e-mail come together. */
const OUTBOX_WINDOW = 4;

/**
 * The outbox as the team reads it: one line per e-mail, newest first. An e-mail its job tried to
 * send several times (SMTP down) has a row per attempt; its line is the latest row, with the
 * number of attempts and when the first was made.
 */
export async function listOutbox(db: Executor, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.toAddress, to) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit * OUTBOX_WINDOW);
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const email = row.jobId ?? row.id;
    if (!latest.has(email)) latest.set(email, row);
    if (latest.size === limit) break;
  }
  const jobIds = [...latest.values()].flatMap((row) => (row.jobId ? [row.jobId] : []));
  const counted = jobIds.length
    ? await db
        .select({ jobId: emailOutbox.jobId, attempts: count(), firstAttemptAt: min(emailOutbox.createdAt) })
        .from(emailOutbox)
        .where(inArray(emailOutbox.jobId, jobIds))
        .groupBy(emailOutbox.jobId)
    : [];
  const attemptsOf = new Map(counted.map((entry) => [entry.jobId, entry]));
  return [...latest.values()].map((row) => {
    const attempts = row.jobId ? attemptsOf.get(row.jobId) : undefined;
    return { row, attempts: attempts?.attempts ?? 1, firstAttemptAt: attempts?.firstAttemptAt ?? row.createdAt };
  });
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
