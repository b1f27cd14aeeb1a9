import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { WORKER_ALIVE_WITHIN_SECONDS, workerHeartbeats, type Executor } from '@shop/db';

/** How often a worker writes its beat, at most: a look at the queue every 2 s would write too often. */
export const BEAT_EVERY_MS = 15_000;

/** A worker's own name in the heartbeats: its host and process, and a random part for a restart. */
export const workerName = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Writes the worker's beat now, on the database's clock; the first beat also forgets workers gone a day. */
export async function beat(db: Executor, worker: string, first: boolean): Promise<void> {
  if (first) await db.delete(workerHeartbeats).where(sql`${workerHeartbeats.beatAt} < now() - interval '1 day'`);
  await db
    .insert(workerHeartbeats)
    .values({ worker, beatAt: sql`now()` })
    .onConflictDoUpdate({ target: workerHeartbeats.worker, set: { beatAt: sql`now()` } });
}

/** A worker that stops says so: readiness need not wait a minute to learn that it is gone. */
export async function forgetWorker(db: Executor, worker: string): Promise<void> {
  await db.delete(workerHeartbeats).where(eq(workerHeartbeats.worker, worker));
}

/** Whether some worker has beaten within WORKER_ALIVE_WITHIN_SECONDS, by the database's clock. */
export async function someWorkerAlive(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ worker: workerHeartbeats.worker })
    .from(workerHeartbeats)
    .where(sql`${workerHeartbeats.beatAt} > now() - make_interval(secs => ${WORKER_ALIVE_WITHIN_SECONDS})`)
    .limit(1);
  return rows.length > 0;
}
