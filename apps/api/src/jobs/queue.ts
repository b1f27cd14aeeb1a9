import { jobs, type Executor } from '@shop/db';
import { currentRequestId } from '../http/request-context.ts';
import { currentTraceParent } from '../tracing/jobs.ts';

/**
 * Every kind of job the worker knows, with what it is given. A module whose payload is its own
 * type adds its job here from its side (`declare module`), as `email/queue.ts` does for `email.send`.
 */
export interface JobPayloads {
  /** `attempt` (1 when left out) names the charge's key: a declined card is tried again later with the next one */
  'program.bill': { orderId: string; attempt?: number };
  'cart.expire': Record<string, never>;
  'minor.remove': { userId: string };
  /** finds paid orders still waiting for their collection choice after 48 hours and e-mails each once */
  'collection.remind': Record<string, never>;
  /** makes the Improvement Programs' retests whose day has come (week 4 and week 8), each once */
  'program.retests': Record<string, never>;
  /** deletes what the retention schedule keeps no longer (retention/schedule.ts) */
  'retention.apply': Record<string, never>;
  /** forgets the signatures of lab requests too old to be replayed */
  'nonce.prune': Record<string, never>;
  /** delivers a paid gift on its day: mints its code and e-mails the recipient and the purchaser */
  'gift.deliver': { giftId: string };
  /**
   * charges a test subscription's delivery `sequence` (2 is the first after the order) on its
   * day; `attempt` (1 when left out) names the charge's key, the next one after a decline
   */
  'subscription.deliver': { subscriptionId: string; sequence: number; attempt?: number };
  /** runs one queued handler of a domain event (apps/api/src/events/bus.ts), once */
  'event.handle': { eventId: string; handler: string };
}
export type JobName = keyof JobPayloads;

export interface JobRequest<N extends JobName> {
  name: N;
  payload: JobPayloads[N];
  /** not before this time; now when left out */
  runAt?: Date;
  /** the same key queued twice is one job: the second enqueue does nothing */
  singletonKey?: string;
  maxAttempts?: number;
}

/**
 * Queues a job through the caller's executor: inside a transaction, the job exists exactly when
 * the change that caused it commits (docs/decisions/0009-job-queue-in-a-table.md). It keeps the
 * current request id (the request's, or the running job's), so its log lines name that request,
 * and the current span, so its span is that span's child (when tracing is on).
 * Answers whether a job was queued (false when its singleton key was queued before).
 */
export async function enqueue<N extends JobName>(executor: Executor, request: JobRequest<N>): Promise<boolean> {
  const inserted = await executor
    .insert(jobs)
    .values({
      name: request.name,
      payload: request.payload as unknown as Record<string, unknown>,
      runAt: request.runAt ?? new Date(),
      singletonKey: request.singletonKey ?? null,
      maxAttempts: request.maxAttempts ?? 5,
      requestId: currentRequestId(),
      traceParent: currentTraceParent(),
    })
    .onConflictDoNothing({ target: jobs.singletonKey })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}
