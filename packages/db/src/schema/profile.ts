import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';

/** The person tested: an order is not processed until its account has one. */
export const medicalProfiles = pgTable('medical_profiles', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text().notNull(),
  // sealed at rest (decision 0072): the app reads and writes the clear value, the database holds it sealed
  dateOfBirth: sealedText('medical_profiles.date_of_birth')('date_of_birth_sealed').notNull(),
  sex: sealedText('medical_profiles.sex')('sex_sealed').notNull(),
  state: text().notNull(),
  conditions: sealedText('medical_profiles.conditions')('conditions_sealed').notNull(),
  medications: sealedText('medical_profiles.medications')('medications_sealed').notNull(),
  // written in clear before migration 0052; the start seals them into the columns above and empties these
  dateOfBirthInClear: text('date_of_birth'),
  sexInClear: text('sex'),
  conditionsInClear: text('conditions'),
  medicationsInClear: text('medications'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
