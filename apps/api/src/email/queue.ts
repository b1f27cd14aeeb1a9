import type { Executor } from '@shop/db';
import { enqueue } from '../jobs/queue.ts';
import type { SealedEmail } from './sealed-secrets.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** its secrets sealed (`SecretSealer.seal`); once sent, only the address, subject and template stay */
    'email.send': SealedEmail;
  }
}

/**
 * Queues an e-mail to be sent by the worker once the caller's transaction commits. One that
 * carries secrets is refused until they are sealed: a job row is no place for a usable link.
 */
export async function enqueueEmail(executor: Executor, message: SealedEmail, singletonKey?: string): Promise<boolean> {
  if ('secrets' in message) throw new Error(`the ${message.template} e-mail carries secrets: seal them before queueing it`);
  return enqueue(executor, { name: 'email.send', payload: message, singletonKey, maxAttempts: 8 });
}
