import { doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The catalog's source of truth is the typed data in @shop/core; these rows are written by the
// seed at every start so that reports, the console and foreign keys can use them.
export const products = pgTable('products', {
  code: text().primaryKey(),
  type: text().notNull(),
  title: text().notNull(),
  priceCents: integer().notNull(),
  compareAtCents: integer(),
  charge: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const labTests = pgTable('lab_tests', {
  id: integer().primaryKey(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  type: text().notNull(),
  area: text().notNull(),
  biomarkers: jsonb().$type<string[]>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const labLocations = pgTable('lab_locations', {
  id: text().primaryKey(),
  name: text().notNull(),
  address: text().notNull(),
  city: text().notNull(),
  state: text().notNull(),
  zipCode: text().notNull(),
  /** opening hours as the lab states them ("Mon–Fri 7 am – 5 pm, Sat 8 am – noon"); null when not known */
  hours: text(),
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
