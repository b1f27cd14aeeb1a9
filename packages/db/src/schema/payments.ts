import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The built-in test gateway keeps its charges like a real processor does, so that a retried
// charge with the same idempotency key returns the first result instead of charging twice.
export const testGatewayCharges = pgTable('test_gateway_charges', {
  idempotencyKey: text().primaryKey(),
  id: text().notNull().unique(),
  amountCents: integer().notNull(),
  status: text().notNull(),
  declineCode: text(),
  cardBrand: text().notNull(),
  cardLast4: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
