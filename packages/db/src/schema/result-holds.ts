import { index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * A kit's results held for a clinician because a value is critical or alert (core's
 * `classifyResults`): the member reads none of the order's values and is not told they are ready
 * until a clinician releases them. Only the level is readable here; which values and how far they
 * are out stays in the sealed results, and the release note is sealed like them.
 */
export const resultHolds = pgTable(
  'result_holds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kitSlug: text().notNull(),
    // critical | alert; sealed at rest (decision 0072): the status is the clear index the console needs
    level: sealedText('result_holds.level')('level_sealed').notNull(),
    // written in clear before migration 0052; the start seals it into `level` and empties this
    levelInClear: text('level'),
    // open | released
    status: text().notNull().default('open'),
    heldAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp({ withTimezone: true }),
    releasedBy: text().references(() => users.id, { onDelete: 'set null' }),
    // reached | letter_after_attempts (core's `releaseRule`)
    releaseReason: text(),
    // the clinician's note, sealed with the results key (it may speak of the values)
    noteKeyId: text(),
    noteCiphertext: text(),
  },
  (t) => [unique().on(t.orderId, t.kitSlug), index().on(t.status, t.heldAt)],
);

/** Each try of a clinician to reach the person whose results are held: a call, a text, a letter. */
export const resultHoldAttempts = pgTable(
  'result_hold_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    holdId: uuid()
      .notNull()
      .references(() => resultHolds.id, { onDelete: 'cascade' }),
    // call | text | letter
    channel: text().notNull(),
    // reached | no_answer | left_message | sent
    outcome: text().notNull(),
    // the number a text went to (a call's or a letter's is not kept)
    toNumber: text(),
    clinicianId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.holdId, t.createdAt)],
);

/**
 * Every text message the shop sends, in order. Without a provider configured (TEXT_PROVIDER_URL)
 * this is where texts end up (status `stored`), readable by operators and tests, like the e-mail
 * outbox; with a provider it is the sending log. A text never carries a health value.
 */
export const textOutbox = pgTable(
  'text_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    toNumber: text().notNull(),
    template: text().notNull(),
    // sealed at rest (decision 0072): the template is the clear index
    body: sealedText('text_outbox.body')('body_sealed').notNull(),
    // written in clear before migration 0052; the start seals it into `body` and empties this
    bodyInClear: text('body'),
    // stored (no provider) | sent (a failed send is no row: its job is retried)
    status: text().notNull(),
    // the provider's id of the message, when one sent it
    providerId: text(),
    // what asked for it (`callback:<attempt id>`): a retried job finds the text already sent
    dedupeKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('text_outbox_dedupe_key').on(t.dedupeKey), index().on(t.createdAt)],
);
