import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { clinics } from './providers.ts';

/**
 * An HTTPS endpoint of a clinic that integrates: the shop posts it signed events of the clinic's
 * orders. The signing secret is shown once when the endpoint is made; it rests here sealed
 * (encrypted with the application's key), because signing needs it back, never in plain text.
 */
export const clinicWebhookEndpoints = pgTable(
  'clinic_webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    secretSealed: text().notNull(),
    // the secret's first characters, so an admin can tell which secret an endpoint has
    secretHint: text().notNull(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // a removed endpoint gets no new events; its deliveries stay in the log
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.clinicId)],
);

/**
 * One event for one endpoint, and how its sending went. The payload is built when the event
 * happens and sent as it is on every attempt, so a redelivery carries the same event id.
 */
export const clinicWebhookDeliveries = pgTable(
  'clinic_webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => clinicWebhookEndpoints.id, { onDelete: 'cascade' }),
    // the domain event's id: the event id the clinic sees, the same on every attempt
    eventId: uuid().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    // pending | sending | retrying | delivered | failed
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastStatusCode: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clinic_webhook_deliveries_once').on(t.endpointId, t.eventId), index().on(t.clinicId, t.createdAt)],
);

export type ClinicWebhookEndpointRow = typeof clinicWebhookEndpoints.$inferSelect;
export type ClinicWebhookDeliveryRow = typeof clinicWebhookDeliveries.$inferSelect;
