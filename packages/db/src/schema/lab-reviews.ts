import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * A nutritional plan bought on an order: the member's lab report goes in, a nutritionist's plan
 * comes out. The row is made with the first file, which starts the review's clock; the plan is
 * sealed like lab results (the key's id beside it).
 */
export const labReviews = pgTable(
  'lab_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the first file's arrival, and the promise kept against it
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    // the plan: written once, by a clinician, coach or operator
    reviewerId: text().references(() => users.id, { onDelete: 'set null' }),
    planKeyId: text(),
    planCiphertext: text(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.orderId), index().on(t.userId), index().on(t.deliveredAt, t.dueAt)],
);

/**
 * One file of a member's lab report, kept sealed in the file storage under `storageKey`. Its name
 * is not kept (a name can say what the file holds); the member sees "Report 1 (PDF, 2.1 MB)".
 */
export const labReviewFiles = pgTable(
  'lab_review_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    reviewId: uuid()
      .notNull()
      .references(() => labReviews.id, { onDelete: 'cascade' }),
    // pdf | jpeg | png, decided from the content
    kind: text().notNull(),
    sizeBytes: integer().notNull(),
    storageKey: text().notNull(),
    keyId: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.reviewId)],
);
