import { check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';
import { carts } from './cart.ts';
import { orders } from './orders.ts';

/** What a gift holds, as core's `GiftContents`: some areas (each a starter test) or the Complete bundle. */
export type GiftContentsColumn = { kind: 'areas'; areas: string[] } | { kind: 'complete' };

/**
 * The gift being bought, kept with the cart until it is paid: the delivery form (purchaser,
 * recipient, date, message) and what the gift holds. One per cart: one gift per transaction.
 */
export const cartGifts = pgTable('cart_gifts', {
  cartId: uuid()
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  contents: jsonb().$type<GiftContentsColumn>().notNull(),
  purchaserName: text(),
  purchaserEmail: text(),
  recipientName: text(),
  recipientEmail: text(),
  // the day the recipient gets it, as the purchaser picked it (YYYY-MM-DD)
  deliverOn: date({ mode: 'string' }),
  // plain text: shown to the recipient as text, never as markup
  message: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A paid gift, made in the transaction that records the order's payment (one per order). The code
 * is minted when the gift is delivered and only its hash is kept: whoever reads the database
 * cannot redeem a gift. A redemption sets `redeemedOrderId` once, under the row's lock.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // one_off | improvement_program
    type: text().notNull(),
    contents: jsonb().$type<GiftContentsColumn>().notNull(),
    purchaserUserId: text().references(() => users.id, { onDelete: 'set null' }),
    purchaserName: text().notNull(),
    purchaserEmail: text().notNull(),
    recipientName: text().notNull(),
    recipientEmail: text().notNull(),
    deliverOn: date({ mode: 'string' }).notNull(),
    message: text(),
    // scheduled | delivered | redeemed | cancelled
    status: text().notNull().default('scheduled'),
    // SHA-256 of the code, set at delivery
    codeHash: text().unique(),
    deliveredAt: timestamp({ withTimezone: true }),
    redeemedAt: timestamp({ withTimezone: true }),
    redeemedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    redeemedOrderId: uuid()
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.deliverOn), index().on(t.recipientEmail)],
);

/**
 * Store credit: a gift card with a balance, spent over several orders (the referral reward is one).
 * `source` and `sourceId` name what issued it, once: the unique pair keeps a reward from being
 * issued twice. The balance never goes below zero, which the database checks as well.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // referral | goodwill | guarantee (sourceId: the program order's id)
    source: text().notNull(),
    sourceId: text().notNull(),
    initialCents: integer().notNull(),
    balanceCents: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.source, t.sourceId),
    index().on(t.userId),
    check('gift_cards_balance_not_negative', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
  ],
);

/** Every movement of store credit: a spend on an order (negative) or its return on a refund (positive). */
export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    giftCardId: uuid()
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    // spend | refund
    kind: text().notNull(),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.giftCardId, t.orderId, t.kind), index().on(t.orderId)],
);

export type GiftRow = typeof gifts.$inferSelect;
