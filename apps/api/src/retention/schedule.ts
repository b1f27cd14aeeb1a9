import { and, eq, inArray, isNotNull, isNull, lt, notExists, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { dataArchiveRule } from '@shop/core';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import {
  cartItems,
  clientErrors,
  dataArchives,
  domainEvents,
  emailOutbox,
  jobs,
  labReviewFiles,
  labReviews,
  quizResults,
  rateLimitCounters,
  type Database,
} from '@shop/db';
import type { FileStorage } from '../files/storage.ts';
import { anonymousCartLifetimeMs } from '../cart/expiry.ts';

const day = 24 * 3600 * 1000;

/**
 * How long the shop keeps what it needs for a while only (docs/decisions/0074-retention-schedule.md,
 * where each period's reason is). What is not here is kept as long as the account, or longer where
 * the law asks: payments, refunds, invoices and results (medical records) are never deleted by
 * retention, and the audit log refuses every deletion.
 */
export const retention = {
  /** a visitor's quiz answers (no account), once no cart line names them: their cart's own lifetime */
  visitorQuizAnswers: anonymousCartLifetimeMs,
  /** a job that finished (done, or discarded by an operator), with its payload */
  finishedJobs: 30 * day,
  /** a job that failed every attempt and was left there: its operator had three months to act */
  failedJobs: 90 * day,
  /** an e-mail in the outbox: long enough to answer "did you send me…?" */
  outboxEmails: 90 * day,
  /** a domain event every handler has handled: three months to replay a handler added later */
  consumedEvents: 90 * day,
  /** a browser's error report */
  clientErrors: 30 * day,
  /** a rate-limit counter, counted from its window's start (the longest window is an hour) */
  rateLimitCounters: 1 * day,
  /** a lab report's uploaded files, after the plan made from them was delivered */
  labFilesAfterPlan: 30 * day,
  /** a prepared data archive's sealed file, from when it was ready: as long as its e-mailed link works (core's rule) */
  dataArchiveFiles: dataArchiveRule.linkDays * day,
  /** a data archive's row once its file is gone (or it failed): a month in which the e-mailed link says it expired */
  dataArchiveRows: 30 * day,
} as const;

/**
 * Domain events that stand as the record of something: read back by the code, never deleted
 * (`program.guarantee_applied` says how a guarantee was paid back).
 */
export const recordEventTypes = ['program.guarantee_applied'];

const before = (now: Date, period: number): SQL => sql`${new Date(now.getTime() - period).toISOString()}::timestamptz`;

/** What one pass of the schedule deleted, per kind (counts only: nothing of what was deleted). */
export interface RetentionPass {
  visitorQuizAnswers: number;
  finishedJobs: number;
  outboxEmails: number;
  consumedEvents: number;
  clientErrors: number;
  rateLimitCounters: number;
  labFiles: number;
  dataArchiveFiles: number;
  dataArchiveRows: number;
}

/** Visitors' quiz answers older than a cart lives, that no cart line (so no cart, and no order) names. */
export async function forgetVisitorQuizAnswers(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(quizResults)
    .where(
      and(
        isNull(quizResults.userId),
        lt(quizResults.createdAt, before(now, retention.visitorQuizAnswers)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cartItems)
            .where(sql`${cartItems.quizResultId} = ${quizResults.id}`),
        ),
      ),
    )
    .returning({ id: quizResults.id });
  return deleted.length;
}

/** Finished jobs and their payloads: done or discarded a month ago, failed and left three months ago. */
export async function forgetFinishedJobs(db: Database, now: Date): Promise<number> {
  const finishedAt = sql`coalesce(${jobs.finishedAt}, ${jobs.updatedAt})`;
  const deleted = await db
    .delete(jobs)
    .where(
      sql`(${jobs.status} in ('done', 'discarded') and ${finishedAt} < ${before(now, retention.finishedJobs)})
        or (${jobs.status} = 'failed' and ${finishedAt} < ${before(now, retention.failedJobs)})`,
    )
    .returning({ id: jobs.id });
  return deleted.length;
}

/** E-mails of the outbox older than its period, sent or not. */
export async function forgetOutboxEmails(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(emailOutbox)
    .where(lt(emailOutbox.createdAt, before(now, retention.outboxEmails)))
    .returning({ id: emailOutbox.id });
  return deleted.length;
}

/**
 * Domain events past their period whose handling is over: no job to handle one is waiting, running
 * or failed. The events that stand as a record (`recordEventTypes`) stay.
 */
export async function forgetConsumedEvents(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(domainEvents)
    .where(
      and(
        lt(domainEvents.occurredAt, before(now, retention.consumedEvents)),
        notInArray(domainEvents.type, recordEventTypes),
        notExists(
          db
            .select({ one: sql`1` })
            .from(jobs)
            .where(
              and(
                eq(jobs.name, 'event.handle'),
                inArray(jobs.status, ['queued', 'running', 'failed']),
                sql`${jobs.payload}->>'eventId' = ${domainEvents.id}::text`,
              ),
            ),
        ),
      ),
    )
    .returning({ id: domainEvents.id });
  return deleted.length;
}

export async function forgetClientErrors(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(clientErrors)
    .where(lt(clientErrors.occurredAt, before(now, retention.clientErrors)))
    .returning({ id: clientErrors.id });
  return deleted.length;
}

/** Rate-limit counters long past their window: their keys name addresses and e-mails. */
export async function forgetRateLimitCounters(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStartedAt, before(now, retention.rateLimitCounters)))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

/**
 * The uploaded files of a lab report whose plan was delivered more than the grace ago: each file
 * is removed from the storage, then its row. The review and its sealed plan stay (the member's record).
 */
export async function forgetDeliveredLabFiles(db: Database, storage: FileStorage, now: Date): Promise<number> {
  const due = await db
    .select({ id: labReviewFiles.id, storageKey: labReviewFiles.storageKey })
    .from(labReviewFiles)
    .innerJoin(labReviews, eq(labReviews.id, labReviewFiles.reviewId))
    .where(and(isNotNull(labReviews.deliveredAt), lt(labReviews.deliveredAt, before(now, retention.labFilesAfterPlan))))
    .limit(500);
  let removed = 0;
  for (const file of due) {
    // the file first: a row left without its file is retried next pass; a file without its row would be lost to sight
    await storage.delete(file.storageKey);
    await db.delete(labReviewFiles).where(eq(labReviewFiles.id, file.id));
    removed += 1;
  }
  return removed;
}

/**
 * Prepared data archives whose link has expired: the sealed file is removed from the storage, and
 * the row, which says nothing of what it held, stays as `expired` so the link explains itself.
 */
export async function forgetExpiredDataArchives(db: Database, storage: FileStorage, now: Date): Promise<number> {
  const due = await db
    .select({ id: dataArchives.id, storageKey: dataArchives.storageKey })
    .from(dataArchives)
    .where(and(eq(dataArchives.status, 'ready'), lt(dataArchives.expiresAt, before(now, 0))))
    .limit(500);
  for (const archive of due) {
    // the file first, as for lab files: a row still naming a removed file is finished next pass
    if (archive.storageKey) await storage.delete(archive.storageKey);
    await db.update(dataArchives).set({ status: 'expired', storageKey: null, keyId: null }).where(eq(dataArchives.id, archive.id));
  }
  return due.length;
}

/**
 * Data archives' rows past their use: expired a month ago, failed a month ago, or asked for a month
 * ago and never prepared (their job gone); none of them has a file left.
 */
export async function forgetDataArchiveRows(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(dataArchives)
    .where(
      or(
        and(eq(dataArchives.status, 'expired'), lt(dataArchives.expiresAt, before(now, retention.dataArchiveRows))),
        and(eq(dataArchives.status, 'failed'), lt(dataArchives.finishedAt, before(now, retention.dataArchiveRows))),
        and(eq(dataArchives.status, 'preparing'), lt(dataArchives.requestedAt, before(now, retention.dataArchiveRows))),
      ),
    )
    .returning({ id: dataArchives.id });
  return deleted.length;
}

/** One pass of the whole schedule, as the hourly `retention.apply` runs it. */
export async function applyRetention(db: Database, storage: FileStorage, now: Date): Promise<RetentionPass> {
  return {
    visitorQuizAnswers: await forgetVisitorQuizAnswers(db, now),
    finishedJobs: await forgetFinishedJobs(db, now),
    outboxEmails: await forgetOutboxEmails(db, now),
    consumedEvents: await forgetConsumedEvents(db, now),
    clientErrors: await forgetClientErrors(db, now),
    rateLimitCounters: await forgetRateLimitCounters(db, now),
    labFiles: await forgetDeliveredLabFiles(db, storage, now),
    dataArchiveFiles: await forgetExpiredDataArchives(db, storage, now),
    dataArchiveRows: await forgetDataArchiveRows(db, now),
  };
}

/** The queue's `retention.apply`, queued hourly by the scheduler: logs how many of each kind went, never what. */
export function retentionJob(db: Database, storage: FileStorage, log: JobLog): JobHandler<'retention.apply'> {
  return async (_payload, context) => {
    const pass = await applyRetention(db, storage, context.now);
    const deleted =
      pass.visitorQuizAnswers +
      pass.finishedJobs +
      pass.outboxEmails +
      pass.consumedEvents +
      pass.clientErrors +
      pass.rateLimitCounters +
      pass.labFiles +
      pass.dataArchiveFiles +
      pass.dataArchiveRows;
    if (deleted > 0) log.info({ ...pass }, 'retention schedule applied');
  };
}
