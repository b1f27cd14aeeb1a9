import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';

/** A Base Daily member's food log: one row per meal logged, read by its member alone. */
export const foodLogEntries = pgTable(
  'food_log_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    // breakfast | lunch | dinner | snack
    meal: text().notNull(),
    // sealed at rest (decision 0072)
    food: sealedText('food_log_entries.food')('food_sealed').notNull(),
    // written in clear before migration 0052; the start seals it into `food` and empties this
    foodInClear: text('food'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.day)],
);
