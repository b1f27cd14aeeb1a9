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
