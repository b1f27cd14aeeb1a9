import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.kind, t.dedupeKey), index().on(t.createdAt)],
);
