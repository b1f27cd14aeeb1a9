import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../sealed.ts';
import { users } from './auth.ts';

export const quizResults = pgTable(
  'quiz_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    variant: text().notNull(),
    // sealed at rest (decision 0072); the goal's slug is the clear index the cart and plans need
    answers: sealedJson<Record<string, unknown>>('quiz_results.answers')('answers_sealed').notNull(),
    goalSlug: text().notNull(),
    starterTestId: integer().notNull(),
    // what the visitor was shown, kept as shown: a later change of wording does not rewrite it
    title: sealedText('quiz_results.title')('title_sealed').notNull(),
    areas: sealedJson<string[]>('quiz_results.areas')('areas_sealed').notNull(),
    // written in clear before migration 0052; the start seals them into the columns above and empties these
    answersInClear: jsonb('answers').$type<Record<string, unknown>>(),
    titleInClear: text('title'),
    areasInClear: jsonb('areas').$type<string[]>(),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    // the browser that took the quiz, as its signed quiz cookie names it: until an account owns
    // the result, only that browser may read it. Null when no browser made it (a seed, an import).
    visitorId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.visitorId, t.createdAt)],
);
