import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * A consent given when an order was placed: which one (core's `consentKinds`), the version of the
 * words the person read (core's `consentTexts`), when, and from which address. One row per order
 * and kind: a retry of the same order records nothing twice. Kept as long as the order, as the
 * proof California's auto-renewal law and the card networks ask for.
 */
export const orderConsents = pgTable(
  'order_consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // keep_card | charge_per_delivery | monthly_renewal | hipaa_authorization
    kind: text().notNull(),
    version: text().notNull(),
    // the address the request came from, as the API's trusted proxies report it; null when unknown
    ipAddress: text(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.orderId, t.kind), index().on(t.userId)],
);

/**
 * A consent about consumer health data given apart from an order (core's `healthDataConsentKinds`):
 * to collect it, asked on the quiz's first screen. Given by a browser (its visitor id) before an
 * account exists, and carried to the account when it signs up or in. The version names the words
 * read (core's `healthDataConsentTexts`); the address and browser are the request's, as proof of
 * who agreed. Withdrawing sets `withdrawnAt`; agreeing again is a new row. Kept as proof for as long
 * as the account (deleted with it).
 */
export const healthDataConsents = pgTable(
  'health_data_consents',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    // the browser that agreed, as its signed visitor cookie names it; kept after an account adopts the row
    visitorId: uuid(),
    // collect_health_data
    kind: text().notNull(),
    version: text().notNull(),
    ipAddress: text(),
    userAgent: text(),
    givenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId, t.kind), index().on(t.visitorId, t.kind)],
);
