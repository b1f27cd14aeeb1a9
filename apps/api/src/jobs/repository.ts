import { and, eq, sql } from 'drizzle-orm';
import { jobs, type Executor } from '@shop/db';

export type JobRow = typeof jobs.$inferSelect;

/**
 * Takes up to `limit` due jobs for one worker, in one statement: queued jobs whose time has come,
 * and running jobs whose lease has passed (their worker died). SKIP LOCKED lets workers that
 * claim at the same moment take different jobs instead of waiting for each other. Each claim
 * counts an attempt and sets the lease.
 */
export async function claimDueJobs(
  db: Executor,
  input: { now: Date; leaseMs: number; limit: number; names: string[]; payload?: Record<string, string> },
): Promise<JobRow[]> {
  if (input.names.length === 0) return [];
  const lockedUntil = new Date(input.now.getTime() + input.leaseMs);
  const names = sql.join(
    input.names.map((name) => sql`${name}`),
    sql`, `,
  );
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const due = sql`
    select ${jobs.id} from ${jobs}
    where ${jobs.name} in (${names})
      ${input.payload ? sql`and ${jobs.payload} @> ${JSON.stringify(input.payload)}::jsonb` : sql``}
      and ((${jobs.status} = 'queued' and ${jobs.runAt} <= ${now})
        or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${now}))
    order by ${jobs.runAt}
    limit ${input.limit}
    for update skip locked`;
  return db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil, updatedAt: input.now })
    .where(sql`${jobs.id} in (${due})`)
    .returning();
}

/**
 * The claim a worker holds: the job's id and the attempt it claimed. A worker whose lease passed
 * and whose job was claimed again no longer matches, so its late writes change nothing.
 */
const held = (job: Pick<JobRow, 'id' | 'attempts'>) =>
  and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));

export async function markDone(db: Executor, job: JobRow, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, finishedAt: now, updatedAt: now })
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Puts a failed job back in the queue for `runAt`, or marks it failed for good when `runAt` is null. */
export async function markFailed(db: Executor, job: JobRow, input: { now: Date; error: string; runAt: Date | null }): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set(
      input.runAt
        ? { status: 'queued', runAt: input.runAt, lockedUntil: null, lastError: input.error, updatedAt: input.now }
        : { status: 'failed', lockedUntil: null, lastError: input.error, finishedAt: input.now, updatedAt: input.now },
    )
    .where(held(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** A running job's lease pushed further while its handler works. */
export async function extendLease(db: Executor, job: JobRow, lockedUntil: Date): Promise<void> {
  await db.update(jobs).set({ lockedUntil }).where(held(job));
}

/** One queue as an operator watches it: what waits, since when, and what went wrong. */
export interface QueueFigures {
  name: string;
  /** queued, whatever their time */
  queued: number;
  /** queued and due now */
  due: number;
  /** how long the oldest due job has waited, in seconds; 0 when none is due */
  oldestDueSeconds: number;
  running: number;
  /** running past their lease: their worker stopped, and the next worker takes them again */
  stuck: number;
  failed: number;
}

/** Every queue that holds work not done, by job name: one statement over the (status, run_at) index. */
export async function queueFigures(db: Executor, now: Date): Promise<QueueFigures[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      name: jobs.name,
      queued: sql<number>`count(*) filter (where ${jobs.status} = 'queued')::int`,
      due: sql<number>`count(*) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${at})::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from ${at} - min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= ${at})), 0)::int`,
      running: sql<number>`count(*) filter (where ${jobs.status} = 'running' and ${jobs.lockedUntil} >= ${at})::int`,
      stuck: sql<number>`count(*) filter (where ${jobs.status} = 'running' and ${jobs.lockedUntil} < ${at})::int`,
      failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')::int`,
    })
    .from(jobs)
    .where(sql`${jobs.status} in ('queued', 'running', 'failed')`)
    .groupBy(jobs.name)
    .orderBy(jobs.name);
  return rows;
}

/** Jobs that need a person: failed for good, or running past their lease; newest first. */
export async function listJobsNeedingAttention(db: Executor, now: Date, limit: number) {
  return db
    .select({
      id: jobs.id,
      name: jobs.name,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      lastError: jobs.lastError,
      since: sql<Date>`coalesce(${jobs.finishedAt}, ${jobs.lockedUntil}, ${jobs.updatedAt})`.mapWith(jobs.updatedAt),
    })
    .from(jobs)
    .where(sql`${jobs.status} = 'failed' or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${now.toISOString()}::timestamptz)`)
    .orderBy(sql`coalesce(${jobs.finishedAt}, ${jobs.lockedUntil}, ${jobs.updatedAt}) desc`)
    .limit(limit);
}

/**
 * A failed job queued again for now, with one attempt more than it has used; answers whether it
 * was failed (a job retried twice at once is queued once).
 */
export async function retryFailedJob(db: Executor, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'queued', runAt: now, maxAttempts: sql`${jobs.attempts} + 1`, finishedAt: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row;
}

/** A failed job set aside for good: it stays as a record, and no worker takes it. */
export async function discardFailedJob(db: Executor, id: string, now: Date): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: 'discarded', updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
    .returning();
  return row;
}
