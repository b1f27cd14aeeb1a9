import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orderItems, orders } from './orders.ts';

/** A time a health coach offers for one session, published in the console. */
export const coachingSlots = pgTable(
  'coaching_slots',
  {
    id: uuid().primaryKey().defaultRandom(),
    coachId: text()
      .notNull()
      .references(() => users.id),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    // published | cancelled
    status: text().notNull().default('published'),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.startsAt), index().on(t.coachId, t.startsAt)],
);

/**
 * A member's session in a slot, paid by one order line (a credit: a paid `health-coach` line
 * gives as many sessions as its quantity). Moving it keeps the row, so the calendar's event keeps
 * its UID and `sequence` counts the versions; a cancelled booking gives its credit back.
 */
export const coachingBookings = pgTable(
  'coaching_bookings',
  {
    id: uuid().primaryKey().defaultRandom(),
    slotId: uuid()
      .notNull()
      .references(() => coachingSlots.id),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    // booked | cancelled
    status: text().notNull().default('booked'),
    // the invitation's SEQUENCE: 0 when booked, one more at each move or cancel
    sequence: integer().notNull().default(0),
    // where the session happens: the video port's room (its id, and the link the member and the coach
    // open), made when the session is booked and kept when it moves; empty for bookings made before
    meetingRoom: text(),
    meetingUrl: text(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one session per slot, whoever races for it: the database holds the rule
    uniqueIndex('coaching_bookings_one_per_slot')
      .on(t.slotId)
      .where(sql`status = 'booked'`),
    index().on(t.userId),
    index().on(t.orderItemId),
    // the shop's own room page finds its session by the room's id
    uniqueIndex('coaching_bookings_meeting_room').on(t.meetingRoom),
  ],
);

export type CoachingSlotRow = typeof coachingSlots.$inferSelect;
export type CoachingBookingRow = typeof coachingBookings.$inferSelect;
