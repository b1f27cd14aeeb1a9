import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A member's data archive too large to build while they wait (core's `dataArchiveRule`): asked
 * for, then prepared by the worker, kept sealed with the results key in the file storage under
 * `storageKey`, and e-mailed as a link to the member alone, until `expiresAt`. Retention removes
 * the file once it expires (the row stays a while, so the link says it expired) and then the row;
 * deleting the account deletes both. The row says nothing of what the archive holds.
 */
export const dataArchives = pgTable(
  'data_archives',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // preparing | ready | failed | expired
    status: text().notNull().default('preparing'),
    // set once it is ready: where the sealed ZIP is, and the id of the key that sealed it
    storageKey: text(),
    keyId: text(),
    sizeBytes: integer(),
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.userId, t.requestedAt),
    index().on(t.status, t.expiresAt),
    // one archive being prepared per member at a time: asking again while it is answers that one
    uniqueIndex('data_archives_one_preparing')
      .on(t.userId)
      .where(sql`${t.status} = 'preparing'`),
  ],
);
