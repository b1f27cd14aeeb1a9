import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** A worker is alive while its last beat is younger than this (four beats of 15 s missed): readiness and the metrics agree. */
export const WORKER_ALIVE_WITHIN_SECONDS = 60;

/**
 * Each job worker's last look at the queue, written by the worker itself (on the database's
 * clock, so hosts whose clocks differ agree). A web process that runs no worker of its own is
 * ready only while some worker has beaten lately (apps/api/src/health/readiness.ts).
 */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  // host, process id and a random part: a restarted worker is a new row
  worker: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Something an operator must look at that no single job's failure shows (a clinic's webhook
 * endpoint failing for a day). One open notice per kind and subject: a spell of trouble raises
 * it once; it closes when the trouble ends, and the next spell raises a new one.
 */
export const operatorNotices = pgTable(
  'operator_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    // webhook_endpoint_failing
    kind: text().notNull(),
    // what it is about: the endpoint's id
    subjectId: text().notNull(),
    // facts for the console (a clinic's name, an address, counts): never health data
    detail: jsonb().$type<Record<string, unknown>>().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_notices_open_once')
      .on(t.kind, t.subjectId)
      .where(sql`${t.closedAt} is null`),
  ],
);

export type OperatorNoticeRow = typeof operatorNotices.$inferSelect;
