import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const quizResults = pgTable('quiz_results', {
  id: uuid().primaryKey().defaultRandom(),
  variant: text().notNull(),
  answers: jsonb().$type<Record<string, unknown>>().notNull(),
  goalSlug: text().notNull(),
  starterTestId: integer().notNull(),
  // what the visitor was shown, kept as shown: a later change of wording does not rewrite it
  title: text().notNull().default(''),
  areas: jsonb().$type<string[]>().notNull().default([]),
  userId: text().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
