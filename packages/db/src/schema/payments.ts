import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// The built-in test gateway keeps its charges like a real processor does, so that a retried
// charge with the same idempotency key returns the first result instead of charging twice.
export const testGatewayCharges = pgTable('test_gateway_charges', {
  idempotencyKey: text().primaryKey(),
  id: text().notNull().unique(),
  // payment | setup (a card saved with nothing charged)
  kind: text().notNull().default('payment'),
  amountCents: integer().notNull(),
  refundedCents: integer().notNull().default(0),
  paymentMethod: text().notNull(),
  customerId: text(),
  offSession: boolean().notNull().default(false),
  // handed to the browser to finish an authentication; random, like a processor's
  clientSecret: text(),
  // succeeded | requires_action | declined | canceled
  status: text().notNull(),
  declineCode: text(),
  cardBrand: text().notNull(),
  cardLast4: text().notNull(),
  cardFingerprint: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The gateway's customer of each account: the holder of the cards saved for later charges. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text().notNull(),
    customerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // the gateway under the name of the release before (decision 0090): written beside it, never
    // read; the primary key moves to the gateway when it is dropped
    provider: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('payment_customers_user_gateway').on(t.userId, t.gateway)],
);

/** Webhook events applied, by the gateway's event id: a second delivery finds its row and stops. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  gateway: text().notNull(),
  type: text().notNull(),
  // the gateway under the name of the release before (decision 0090): written beside it, never read
  provider: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
