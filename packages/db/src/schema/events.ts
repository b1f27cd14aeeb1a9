import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What happened in the shop that others react to (an order paid, results ready…), written in
 * the transaction that made it happen (apps/api/src/events/bus.ts). Kept, so a handler added
 * later can be replayed over the events it missed.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid().primaryKey(),
    // order.paid, order.results_ready… (apps/api/src/events/catalog.ts)
    type: text().notNull(),
    // what the event is about, for looking it up: the order's id for order events
    subjectId: text().notNull(),
    // facts only (ids, amounts, codes): never health data
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // the X-Request-Id of the request (or the job) whose transaction recorded it
    requestId: text(),
  },
  (t) => [index().on(t.type, t.occurredAt), index().on(t.subjectId)],
);

/** Which handler has handled which event: each handler runs once per event, whoever asks it again. */
export const domainEventHandlings = pgTable(
  'domain_event_handlings',
  {
    eventId: uuid()
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text().notNull(),
    handledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] })],
);
