import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * The shop's own experiment measurement (the experiments are defined in core). A visitor is a
 * random id kept in a signed cookie; an account keeps the visitor id it first signed in with, so
 * the same person sees the same variants, and is counted once, on every browser.
 */
export const experimentAccountVisitors = pgTable('experiment_account_visitors', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  visitorId: text().notNull(),
  linkedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A visitor was shown a variant: the first time only, per experiment. */
export const experimentExposures = pgTable(
  'experiment_exposures',
  {
    id: uuid().primaryKey().defaultRandom(),
    experimentId: text().notNull(),
    visitorId: text().notNull(),
    variant: text().notNull(),
    exposedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.experimentId, t.visitorId), index().on(t.visitorId)],
);

/**
 * Something an exposed visitor did afterwards: completed the quiz, added to the cart, paid an
 * order (with its value in cents). `source` names what it was (a quiz result, a cart line, an
 * order), so the same deed is never counted twice.
 */
export const experimentConversions = pgTable(
  'experiment_conversions',
  {
    id: uuid().primaryKey().defaultRandom(),
    experimentId: text().notNull(),
    visitorId: text().notNull(),
    variant: text().notNull(),
    // quiz_completed | added_to_cart | order_paid
    metric: text().notNull(),
    source: text().notNull(),
    valueCents: integer().notNull().default(0),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.experimentId, t.visitorId, t.metric, t.source), index().on(t.experimentId, t.metric)],
);

/** What the console decided about an experiment: variants turned off, its end, the default after it. */
export const experimentControls = pgTable('experiment_controls', {
  experimentId: text().primaryKey(),
  disabledVariants: text().array().notNull().default([]),
  endedAt: timestamp({ withTimezone: true }),
  defaultVariant: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** An error a visitor's browser met on one of the shop's pages, scrubbed before it is stored. */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: uuid().primaryKey().defaultRandom(),
    message: text().notNull(),
    /** the page's path, without its query string */
    page: text().notNull(),
    stack: text(),
    release: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.occurredAt)],
);
