import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const quizResults = pgTable(
  'quiz_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    variant: text().notNull(),
    answers: jsonb().$type<Record<string, unknown>>().notNull(),
    goalSlug: text().notNull(),
    starterTestId: integer().notNull(),
    // what the visitor was shown, kept as shown: a later change of wording does not rewrite it
    title: text().notNull().default(''),
    areas: jsonb().$type<string[]>().notNull().default([]),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    // the browser that took the quiz, as its signed quiz cookie names it: until an account owns
    // the result, only that browser may read it. Null when no browser made it (a seed, an import).
    visitorId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.visitorId, t.createdAt)],
);
