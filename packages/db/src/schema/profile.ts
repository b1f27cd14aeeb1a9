import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** The person tested: an order is not processed until its account has one. */
export const medicalProfiles = pgTable('medical_profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text().notNull(),
  dateOfBirth: text().notNull(),
  sex: text().notNull(),
  state: text().notNull(),
  conditions: text().notNull().default(''),
  medications: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
