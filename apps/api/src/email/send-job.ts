import { jobs, type Database } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import type { JobHandler } from '../jobs/worker.ts';
import type { EmailSender } from './port.ts';
import { deliveredForJob } from './repository.ts';
import type { SecretSealer } from './sealed-secrets.ts';

/**
 * The queue's `email.send`: one delivery per job. The outbox row written with the send carries
 * the job's id, so a job run again after its e-mail went out (its worker died before marking it
 * done) finds the row and sends nothing. Only a worker that dies between the SMTP server's
 * acceptance and that row can send twice, and then with the same Message-ID.
 */
export function sendEmailJob(db: Database, sender: EmailSender, sealer: SecretSealer): JobHandler<'email.send'> {
  return async (message, context) => {
    if (!(await deliveredForJob(db, context.jobId))) await sender.send(sealer.open(message), { jobId: context.jobId });
    await forgetBody(db, context.jobId);
  };
}

/** A sent e-mail's job keeps who it went to and what it was, not what it said (nor its sealed secrets, nor its files). */
async function forgetBody(db: Database, jobId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} - 'text' - 'html' - 'sealed' - 'attachments'`, updatedAt: new Date() })
    .where(eq(jobs.id, jobId));
}
