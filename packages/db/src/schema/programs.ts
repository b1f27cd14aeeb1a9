import { date, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * The retests of an Improvement Program: each a real $0 order of the shop (`retestOrderId`) for
 * the program order's member, made once on its day. The unique (program order, sequence) is what
 * keeps two workers racing on the same day from making two kits.
 */
export const programRetests = pgTable(
  'program_retests',
  {
    programOrderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // 1 in week 4, 2 in week 8 (core's programRetests)
    sequence: integer().notNull(),
    retestOrderId: uuid()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // the day it was due, as the schedule said
    dueOn: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.programOrderId, t.sequence)],
);

export type ProgramRetestRow = typeof programRetests.$inferSelect;
