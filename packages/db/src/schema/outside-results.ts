import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { labResults } from './lifecycle.ts';

/**
 * A lab report from another lab that a member uploaded for their health record
 * (docs/decisions/0087-outside-lab-results.md): the file is sealed in the file storage under
 * `storageKey` (with the results key `keyId`), like a nutritional plan's lab report; the lab's name
 * is sealed on the row. It waits until staff enter its values, which makes an outside result set
 * (`lab_results` with origin `outside`) and sets `resultSetId`; the member may delete it while it waits.
 */
export const outsideLabReports = pgTable(
  'outside_lab_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the lab the member named, sealed at rest (decision 0072)
    labName: sealedText('outside_lab_reports.lab_name')('lab_name_sealed').notNull(),
    // the day the sample was collected, as the member gave it
    collectedOn: date({ mode: 'string' }).notNull(),
    // pdf | jpeg | png, decided from the content
    kind: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    keyId: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // set once staff entered its values: the result set made from it, who and when
    resultSetId: uuid().references(() => labResults.id, { onDelete: 'set null' }),
    enteredBy: text(),
    enteredAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.uploadedAt), index().on(t.enteredAt, t.uploadedAt)],
);
