import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters for rate limits, shared by every process of the shop. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  hits: integer().notNull(),
});
