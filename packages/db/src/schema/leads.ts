import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { employerGroups } from './employers.ts';

/**
 * What visitors leave in the storefront's forms: business and provider contacts, whitepaper
 * downloads, provider referrals and the sample nutritional plan subscription. One row per form
 * and person: `dedupeKey` (the e-mail, or the pair of e-mails of a referral) keeps a second
 * sending of the same form from being stored twice.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid().primaryKey().defaultRandom(),
    // business_contact | providers_contact | whitepaper | provider_referral | sample_plan
    kind: text().notNull(),
    email: text().notNull(),
    dedupeKey: text().notNull(),
    /** the form's fields as the visitor sent them, after validation */
    fields: jsonb().$type<Record<string, string | boolean>>().notNull(),
    /** a demo request's place in the pipeline: new | contacted | won | lost */
    status: text().notNull().default('new'),
    /** the employer group a won demo request became */
    employerGroupId: uuid().references(() => employerGroups.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.kind, t.dedupeKey), index().on(t.createdAt)],
);

/**
 * What the team did with a demo request, oldest first: each move of its status and each note, with
 * who and when. The audit log has the same moves; this is the request's own history to read.
 */
export const leadActivity = pgTable(
  'lead_activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    actorName: text().notNull(),
    fromStatus: text(),
    toStatus: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.leadId, t.createdAt)],
);
