import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { carts } from './cart.ts';
import { orders } from './orders.ts';
import { clinicClients, clinicMembers, clinics } from './providers.ts';

/** One test of a clinic's order, priced from the catalog when the order was sent. */
export interface ProviderOrderItem {
  key: string;
  productCode: string;
  testId: number | null;
  title: string;
  priceCents: number;
}

/**
 * A clinic's order of tests for one of its clients, paid by the client through a pay link, or by
 * the clinic's saved card (its link then lets the client in to the paid order): only
 * the link token's SHA-256 is kept. Paying makes the cart (`cart_id`, once, under this row's lock)
 * whose order of the shop (`order_id`) the client follows like any order.
 */
export const providerOrders = pgTable(
  'provider_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clinicClients.id, { onDelete: 'cascade' }),
    // client | custom_fee (the client pays the tests and the clinic's fee) | clinic (the clinic's saved card pays)
    payer: text().notNull().default('client'),
    // sent | paid | cancelled; "opened" and "expired" are read from opened_at and expires_at
    status: text().notNull().default('sent'),
    // the tests, their titles and prices, sealed at rest (decision 0072): nothing filters by them in SQL, and the
    // order of the shop it makes keeps its lines' product codes in clear (order_items)
    items: sealedJson<ProviderOrderItem[]>('provider_orders.items')('items_sealed').notNull(),
    // written in clear before migration 0057; the start seals it into `items` and empties this
    itemsInClear: jsonb('items').$type<ProviderOrderItem[]>(),
    // the clinic's fee, charged to the client on a line of its own: part of total_cents
    feeCents: integer().notNull().default(0),
    totalCents: integer().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    openedAt: timestamp({ withTimezone: true }),
    remindersSent: integer().notNull().default(0),
    cartId: uuid().references(() => carts.id, { onDelete: 'set null' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    clientUserId: text().references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp({ withTimezone: true }),
    // marked paid by the clinic (paid outside the shop): no order of the shop is made
    paidElsewhereAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    // the results' release to the client: pending | held | released (docs/decisions/0044-clinic-results-release.md)
    resultsRelease: text().notNull().default('pending'),
    resultsHeldAt: timestamp({ withTimezone: true }),
    resultsReleasedAt: timestamp({ withTimezone: true }),
    // the member who released held results; null when they went out by the clinic's rule
    resultsReleasedBy: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    // the practitioner's note to the client, shown with the released results; sealed at rest (decision 0072)
    resultsNote: sealedText('provider_orders.results_note')('results_note_sealed'),
    // written in clear before migration 0052; the start seals it into `resultsNote` and empties this
    resultsNoteInClear: text('results_note'),
    // the member's form's key: a double click or a retry of an order the clinic pays finds the same row
    idempotencyKey: text(),
    // when the client of an order the clinic paid was e-mailed its link (minted then, once)
    clientToldAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_orders_token').on(t.tokenHash),
    uniqueIndex('provider_orders_idempotency').on(t.clinicId, t.idempotencyKey),
    uniqueIndex('provider_orders_cart').on(t.cartId),
    uniqueIndex('provider_orders_order').on(t.orderId),
    index().on(t.clinicId, t.clientId),
  ],
);

export type ProviderOrderRow = typeof providerOrders.$inferSelect;

/**
 * An order a clinic's staff member drafted for a practitioner to send (docs/decisions/0054-staff-order-drafts.md):
 * the client, the tests (catalog keys: priced when the order is sent), who pays and the fee, and the
 * practitioner it waits for. Sending it makes an ordinary order of the clinic, once.
 */
export const providerOrderDrafts = pgTable(
  'provider_order_drafts',
  {
    id: uuid().primaryKey().defaultRandom(),
    clinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => clinicClients.id, { onDelete: 'cascade' }),
    // the practitioner (or admin) who is asked to send it; the clinic's admins may send it too
    practitionerMemberId: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    payer: text().notNull(),
    itemKeys: jsonb().$type<string[]>().notNull(),
    feeCents: integer().notNull().default(0),
    // the staff member's words to the practitioner
    note: text(),
    draftedBy: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    // waiting | sending | sent | discarded
    status: text().notNull().default('waiting'),
    providerOrderId: uuid().references(() => providerOrders.id, { onDelete: 'set null' }),
    decidedBy: uuid().references(() => clinicMembers.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.clinicId, t.status)],
);

export type ProviderOrderDraftRow = typeof providerOrderDrafts.$inferSelect;
