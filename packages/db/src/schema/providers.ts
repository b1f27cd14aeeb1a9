import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ResultsReleaseRule } from '@shop/core';
import { users } from './auth.ts';

/** What a clinic decides for all its people. */
export interface ClinicSettings {
  /** practitioners see every client of the clinic, not only those assigned to them */
  allClientsVisible: boolean;
  /** when its orders' results reach the client; absent (a clinic of before the rule) is automatic */
  resultsRelease?: ResultsReleaseRule;
}

/**
 * A clinic that orders tests for its clients: one per organisation. Its normalised name and its
 * work e-mail domain (none for a public mail service) are unique, so a second sign-up of the same
 * clinic is offered to join it instead.
 */
export const clinics = pgTable(
  'clinics',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    normalisedName: text().notNull(),
    type: text().notNull(),
    addressLine1: text().notNull(),
    addressLine2: text().notNull().default(''),
    city: text().notNull(),
    state: text().notNull(),
    postalCode: text().notNull(),
    npi: text(),
    emailDomain: text(),
    settings: jsonb().$type<ClinicSettings>().notNull().default({ allClientsVisible: false, resultsRelease: 'automatic' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clinics_normalised_name').on(t.normalisedName), uniqueIndex('clinics_email_domain').on(t.emailDomain)],
);

/** A person of a clinic and their role there (admin | practitioner | staff); one clinic per account. */
export const clinicMembers = pgTable(
  'clinic_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clinic_members_one_clinic').on(t.userId), index().on(t.clinicId)],
);

/** An admin's invitation to the clinic: single use, expiring, only the token's hash is kept. */
export const clinicInvitations = pgTable(
  'clinic_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: text().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clinic_invitations_token').on(t.tokenHash),
    // one invitation waiting per clinic and address: inviting again resends it
    uniqueIndex('clinic_invitations_one_pending')
      .on(t.clinicId, sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/** A sign-up that matched an existing clinic and asked to join it: its admins approve or decline. */
export const clinicJoinRequests = pgTable(
  'clinic_join_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // pending | approved | declined
    status: text().notNull().default('pending'),
    decidedBy: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clinic_join_requests_one_pending')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index().on(t.clinicId),
  ],
);

/** A clinic's client: an adult the clinic orders tests for, assigned to one of its practitioners or to none. */
export const clinicClients = pgTable(
  'clinic_clients',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    dateOfBirth: date({ mode: 'string' }).notNull(),
    state: text().notNull(),
    practitionerMemberId: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.clinicId, t.lastName), index().on(t.practitionerMemberId)],
);

export type ClinicRow = typeof clinics.$inferSelect;
export type ClinicClientRow = typeof clinicClients.$inferSelect;
export type ClinicInvitationRow = typeof clinicInvitations.$inferSelect;
