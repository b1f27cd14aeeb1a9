import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinicMembers, clinics } from './providers.ts';

/**
 * The card a clinic pays its clients' orders with (docs/decisions/0047-clinic-pays.md): one per
 * clinic, saved by an admin through the payment port. Only the gateway's references and what the
 * dashboard shows (brand, last four, expiry) are kept; the number never reaches the shop.
 */
export const clinicCards = pgTable(
  'clinic_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    // the gateway that saved it (test | stripe): a card of one gateway cannot be charged at another
    gateway: text().notNull(),
    // the gateway under the name of the release before (decision 0090): written beside it, never read
    provider: text().notNull(),
    // the gateway's customer holding the card, reused when the card is replaced
    customerId: text().notNull(),
    // the saved payment method; null while the first card waits for the bank's check
    paymentMethod: text(),
    cardBrand: text(),
    cardLast4: text(),
    expMonth: integer(),
    expYear: integer(),
    // a new card waiting for the bank's check (a SetupIntent's id): the card above stays in use until it is saved
    pendingSetupId: text(),
    savedBy: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clinic_cards_clinic').on(t.clinicId)],
);

export type ClinicCardRow = typeof clinicCards.$inferSelect;
