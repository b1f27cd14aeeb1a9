import type { Database } from '@shop/db';
import { withRequestId } from '../http/request-context.ts';
import { describeError } from '../logging/safe-error.ts';
import { countJobRun, prepareJobSeries } from '../monitoring/job-metrics.ts';
import { inJobSpan } from '../tracing/jobs.ts';
import type { JobName, JobPayloads } from './queue.ts';
import { BEAT_EVERY_MS, beat, forgetWorker, workerName } from './heartbeat.ts';
import { claimDueJobs, extendLease, markDone, markFailed, type JobRow } from './repository.ts';

export interface JobLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** What a handler learns about the job it runs. */
export interface JobContext {
  jobId: string;
  /** 1 for the first run, counting runs whose worker died */
  attempt: number;
  maxAttempts: number;
  now: Date;
}

export type JobHandler<N extends JobName> = (payload: JobPayloads[N], context: JobContext) => Promise<void>;
/** The handlers a worker runs, by job name: a job whose name has no handler here is left to others. */
export type JobHandlers = { [N in JobName]?: JobHandler<N> };

export interface WorkerOptions {
  db: Database;
  handlers: JobHandlers;
  log: JobLog;
  /** how long a claim holds before another worker may take the job; renewed while it runs */
  leaseMs?: number;
  /** the wait between two looks at an empty queue */
  pollMs?: number;
  clock?: () => Date;
  /** runs before each look at the queue (the periodic scheduler) */
  beforePoll?: (now: Date) => Promise<void>;
}

export interface Worker {
  /**
   * runs every job due now (and those they queue that are due too), then answers how many ran;
   * `only` narrows it to the jobs of one name whose payload holds these values
   */
  runDueJobs(options?: { now?: Date; limit?: number; only?: { name: JobName; payload: Record<string, string> } }): Promise<number>;
  start(): void;
  /** stops taking jobs and waits for the running one to finish */
  stop(): Promise<void>;
  /** started and not stopping: this process's own worker looks at the queue (readiness asks it) */
  readonly running: boolean;
}

const second = 1000;

/** The wait before the next try after `attempts` failed runs: 10 s, 20 s, 40 s… up to an hour. */
export function backoffMs(attempts: number): number {
  return Math.min(10 * second * 2 ** Math.max(0, attempts - 1), 3600 * second);
}

export function createWorker(options: WorkerOptions): Worker {
  const leaseMs = options.leaseMs ?? 60 * second;
  const pollMs = options.pollMs ?? 2 * second;
  const clock = options.clock ?? (() => new Date());
  const names = Object.keys(options.handlers);
  prepareJobSeries(names);
  const { db, log } = options;
  const name = workerName();
  let lastBeat = 0;

  /** The worker's heartbeat (jobs/heartbeat.ts), at most every BEAT_EVERY_MS; a failed write waits for the next look. */
  async function beatNow(): Promise<void> {
    const now = Date.now();
    if (now - lastBeat < BEAT_EVERY_MS) return;
    const first = lastBeat === 0;
    lastBeat = now;
    await beat(db, name, first).catch((error: unknown) =>
      log.warn({ err: describeError(error) }, 'the job worker could not write its heartbeat'),
    );
  }

  async function runOne(job: JobRow, now: Date): Promise<void> {
    // its lines name the request that caused it (reqId, as the request's own lines do), and what it queues or records keeps it
    const about = { jobId: job.id, job: job.name, ...(job.requestId ? { reqId: job.requestId } : {}) };
    if (job.attempts > job.maxAttempts) {
      // its last run's worker died: a job that keeps killing workers is not run again
      await markFailed(db, job, { now, error: job.lastError ?? 'the worker running it stopped', runAt: null });
      countJobRun(job.name, 'abandoned', 0);
      log.error({ ...about, attempts: job.attempts }, 'job failed: its workers stopped before it finished');
      return;
    }
    const handler = options.handlers[job.name as JobName] as JobHandler<JobName> | undefined;
    const renew = setInterval(() => {
      extendLease(db, job, new Date(clock().getTime() + leaseMs)).catch(() => {});
      // a long job keeps its worker alive
      void beatNow();
    }, leaseMs / 3);
    renew.unref();
    const started = performance.now();
    try {
      if (!handler) throw new Error(`no handler for ${job.name}`);
      // its span is the child of the one that queued it (tracing/jobs.ts), when tracing is on
      await withRequestId(job.requestId, () =>
        inJobSpan(job, () =>
          handler(job.payload as unknown as JobPayloads[JobName], {
            jobId: job.id,
            attempt: job.attempts,
            maxAttempts: job.maxAttempts,
            now,
          }),
        ),
      );
      clearInterval(renew);
      await markDone(db, job, clock());
      const ms = performance.now() - started;
      countJobRun(job.name, 'succeeded', ms);
      log.info({ ...about, attempts: job.attempts, ms: Math.round(ms) }, 'job done');
    } catch (error) {
      clearInterval(renew);
      // kept in the queue and logged: a failed statement's values (a customer's answers, an address) are not
      const message = describeError(error);
      const last = job.attempts >= job.maxAttempts;
      const failedAt = clock();
      // counted from the later of the claim's time and the clock, so a drain run "in the future" waits too
      const retryAt = new Date(Math.max(now.getTime(), failedAt.getTime()) + backoffMs(job.attempts));
      await markFailed(db, job, { now: failedAt, error: message, runAt: last ? null : retryAt });
      countJobRun(job.name, last ? 'failed' : 'retrying', performance.now() - started);
      if (last) log.error({ ...about, attempts: job.attempts, err: message }, 'job failed for good');
      else log.warn({ ...about, attempts: job.attempts, err: message }, 'job failed; it will be retried');
    }
  }

  async function runBatch(now: Date, limit: number, only?: { name: JobName; payload: Record<string, string> }): Promise<number> {
    await beatNow();
    const claimed = await claimDueJobs(db, {
      now,
      leaseMs,
      limit,
      names: only ? names.filter((name) => name === only.name) : names,
      ...(only ? { payload: only.payload } : {}),
    });
    for (const job of claimed) await runOne(job, now);
    return claimed.length;
  }

  let running = false;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function poll(): Promise<void> {
    while (!stopping) {
      let ran = 0;
      try {
        const now = clock();
        await options.beforePoll?.(now);
        ran = await runBatch(now, 1);
      } catch (error) {
        log.error({ err: describeError(error) }, 'the job worker could not read the queue');
      }
      if (ran === 0 && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    async runDueJobs(runOptions = {}) {
      const limit = runOptions.limit ?? 1000;
      let total = 0;
      // jobs a handler queues for now run in the same drain
      for (;;) {
        const ran = await runBatch(runOptions.now ?? clock(), Math.min(50, limit - total), runOptions.only);
        total += ran;
        if (ran === 0 || total >= limit) return total;
      }
    },
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loop = poll();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      if (running && lastBeat > 0) await forgetWorker(db, name).catch(() => {});
      lastBeat = 0;
      running = false;
    },
    get running() {
      return running && !stopping;
    },
  };
}
