import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import { jobs, operatorNotices, WORKER_ALIVE_WITHIN_SECONDS, workerHeartbeats, type Database } from '@shop/db';

/** A pg pool's counts, as `pg.Pool` has them; PGlite's single connection has none. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const isPool = (client: unknown): client is PoolCounts =>
  typeof client === 'object' &&
  client !== null &&
  ['totalCount', 'idleCount', 'waitingCount'].every((key) => typeof (client as Record<string, unknown>)[key] === 'number');

// a job's name is a constant of the code (jobs/queue.ts); anything else in the table is not put in a label as it is
const JOB_NAME = /^[a-z][a-z_]*(\.[a-z_]+)*$/;

/** Gauges that are read, not counted: `refresh` reads them before each scrape. */
export interface ScrapeGauges {
  registry: Registry;
  refresh(): Promise<void>;
}

/**
 * What is read from the database when Prometheus asks, not counted in a process: the queue and
 * the events' handlers are shared by every process, so each process reports the same figures
 * (take their max, not their sum).
 */
export function scrapeGauges(options: { db: () => Database; queuedHandlers: () => readonly string[] }): ScrapeGauges {
  const registry = new Registry();
  const seenJobs = new Set<string>();
  const gauge = (name: string, help: string, label: 'job' | 'handler') =>
    new Gauge({ name, help, labelNames: [label], registers: [registry] });

  const queueDepth = gauge(
    'shop_job_queue_depth',
    'Jobs whose time has come and that no worker has taken yet, by job name (read from the jobs table)',
    'job',
  );
  const oldestDue = gauge(
    'shop_job_queue_oldest_due_seconds',
    'How long the oldest of those jobs has been due, by job name (0 when none waits)',
    'job',
  );
  const handlerPending = gauge(
    'shop_event_handler_pending',
    'Domain events a queued handler has not handled yet (its job is queued or running), by handler',
    'handler',
  );
  const handlerLag = gauge(
    'shop_event_handler_lag_seconds',
    'Age of the oldest domain event a queued handler has not handled yet, by handler (0 when none)',
    'handler',
  );

  const workersAlive = new Gauge({
    name: 'shop_job_workers_alive',
    help: `Job workers, in a shop's process or alone, whose heartbeat is younger than ${WORKER_ALIVE_WITHIN_SECONDS} s (read from worker_heartbeats); 0: nothing runs the jobs`,
    registers: [registry],
  });
  const noticesOpen = new Gauge({
    name: 'shop_operator_notices_open',
    help: 'Operator notices open on the console jobs page (a clinic webhook endpoint failing for a day), read from operator_notices',
    registers: [registry],
  });

  return {
    registry,
    async refresh() {
      const reading = await readQueue(options.db());
      workersAlive.set(reading.workersAlive);
      noticesOpen.set(reading.noticesOpen);
      const due = new Map<string, { count: number; oldest: number }>([...seenJobs].map((job) => [job, { count: 0, oldest: 0 }]));
      for (const row of reading.due) {
        const job = JOB_NAME.test(row.name) ? row.name : 'other';
        const sum = due.get(job) ?? { count: 0, oldest: 0 };
        due.set(job, { count: sum.count + row.count, oldest: Math.max(sum.oldest, row.oldestSeconds) });
      }
      for (const [job, { count, oldest }] of due) {
        seenJobs.add(job);
        queueDepth.set({ job }, count);
        oldestDue.set({ job }, oldest);
      }
      // every queued handler has its series, 0 when it is up to date; a name the code does not know is left out
      const events = new Map(reading.events.map((row) => [row.handler, row]));
      for (const handler of options.queuedHandlers()) {
        handlerPending.set({ handler }, events.get(handler)?.count ?? 0);
        handlerLag.set({ handler }, events.get(handler)?.oldestSeconds ?? 0);
      }
    },
  };
}

interface QueueReading {
  due: { name: string; count: number; oldestSeconds: number }[];
  events: { handler: string; count: number; oldestSeconds: number }[];
  workersAlive: number;
  noticesOpen: number;
}

async function readQueue(db: Database): Promise<QueueReading> {
  const count = sql`count(*)::int`.mapWith(Number);
  const ageOf = (column: typeof jobs.runAt | typeof jobs.createdAt) =>
    sql`greatest(0, extract(epoch from (now() - min(${column}))))::float8`.mapWith(Number);
  const due = await db
    .select({ name: jobs.name, count, oldestSeconds: ageOf(jobs.runAt) })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)))
    .groupBy(jobs.name);
  // an event's handler job is made with the event: its created_at is when the event happened (or when a replay queued it)
  const handler = sql<string>`${jobs.payload} ->> 'handler'`;
  const events = await db
    .select({ handler, count, oldestSeconds: ageOf(jobs.createdAt) })
    .from(jobs)
    .where(and(eq(jobs.name, 'event.handle'), inArray(jobs.status, ['queued', 'running'])))
    .groupBy(handler);
  const [workers] = await db
    .select({ count })
    .from(workerHeartbeats)
    .where(sql`${workerHeartbeats.beatAt} > now() - make_interval(secs => ${WORKER_ALIVE_WITHIN_SECONDS})`);
  const [notices] = await db.select({ count }).from(operatorNotices).where(isNull(operatorNotices.closedAt));
  return { due, events, workersAlive: workers?.count ?? 0, noticesOpen: notices?.count ?? 0 };
}

/** The pg pool's use, when the shop runs on PostgreSQL: answers a registry with its gauges, or null on PGlite. */
export function poolGauges(client: unknown): Registry | null {
  if (!isPool(client)) return null;
  const registry = new Registry();
  new Gauge({
    name: 'shop_db_pool_connections',
    help: "The PostgreSQL pool's connections, by state (busy, idle)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'busy' }, client.totalCount - client.idleCount);
      this.set({ state: 'idle' }, client.idleCount);
    },
  });
  new Gauge({
    name: 'shop_db_pool_waiting',
    help: 'Queries waiting for a free connection of the pool',
    registers: [registry],
    collect() {
      this.set(client.waitingCount);
    },
  });
  return registry;
}
