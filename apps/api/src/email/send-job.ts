import type { Database } from '@shop/db';
import type { JobHandler } from '../jobs/worker.ts';
import type { EmailSender } from './port.ts';
import { deliveredForJob } from './repository.ts';

/**
 * The queue's `email.send`: one delivery per job. The outbox row written with the send carries
 * the job's id, so a job run again after its e-mail went out (its worker died before marking it
 * done) finds the row and sends nothing. Only a worker that dies between the SMTP server's
 * acceptance and that row can send twice, and then with the same Message-ID.
 */
export function sendEmailJob(db: Database, sender: EmailSender): JobHandler<'email.send'> {
  return async (message, context) => {
    if (await deliveredForJob(db, context.jobId)) return;
    await sender.send(message, { jobId: context.jobId });
  };
}
