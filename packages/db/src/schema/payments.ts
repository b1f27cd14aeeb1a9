import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
    provider: text().notNull(),
    customerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Webhook events applied, by the gateway's event id: a second delivery finds its row and stops. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
