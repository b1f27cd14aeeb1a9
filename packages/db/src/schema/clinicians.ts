import { date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * A clinician's licence in one state, kept by operators in the console: one per clinician and
 * state (a renewal replaces it). An order is approved only under one valid where the person
 * tested lives (docs/decisions/0067-a-physician-of-record.md).
 */
export const clinicianLicences = pgTable(
  'clinician_licences',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    number: text().notNull(),
    // the last day the licence is valid
    expiresOn: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.state] }), index().on(t.state)],
);

/**
 * A clinician's decision on an order, one per order (the primary key holds it): `approved` names
 * the physician of record with the licence they approved under, as it was then; `declining` is
 * written before a decline's refund is asked of the gateway, so that an approval racing it is
 * refused, and becomes `declined` with the order's move to refunded.
 */
export const orderReviews = pgTable('order_reviews', {
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  clinicianId: text()
    .notNull()
    .references(() => users.id),
  clinicianName: text().notNull(),
  // approved | declining | declined
  outcome: text().notNull(),
  licenceState: text(),
  licenceNumber: text(),
  licenceExpiresOn: date({ mode: 'string' }),
  decidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
