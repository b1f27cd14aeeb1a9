import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { orderKits } from './lifecycle.ts';
import { orders } from './orders.ts';

/**
 * Each time a kit failed: a sample the lab rejected, or a kit lost on its way (core's
 * `lostKitRules`), and what the shop did. A failure whose outcome is `clinician` is a clinician's
 * task in the console until it is resolved (a replacement, or a refund).
 */
export const kitFailures = pgTable(
  'kit_failures',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kitId: uuid()
      .notNull()
      .references(() => orderKits.id, { onDelete: 'cascade' }),
    kitSlug: text().notNull(),
    // rejected | lost
    kind: text().notNull(),
    // a rejection reason (core's sampleRejectionReasons) or a lost-kit case; sealed at rest (decision 0072)
    cause: sealedText('kit_failures.cause')('cause_sealed').notNull(),
    // the lab's or the operator's own words, never shown to the member; sealed at rest
    note: sealedText('kit_failures.note')('note_sealed'),
    // written in clear before migration 0052; the start seals them into the columns above and empties these
    causeInClear: text('cause'),
    noteInClear: text('note'),
    // replacement | clinician | refund
    outcome: text().notNull(),
    // who reported it: a staff member's id, 'partner_lab' or 'system'
    actor: text().notNull(),
    // a clinician's task: when and how it ended (replacement | refund)
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: text(),
    resolution: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.kitId), index().on(t.outcome, t.resolvedAt)],
);
