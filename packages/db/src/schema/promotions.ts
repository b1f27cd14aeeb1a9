import { boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * Discount codes: coupons and giveaway codes. The rules that decide whether a code applies live
 * in core (`promotions/`); this table holds the definitions and the redemptions hold the counts.
 */
export const coupons = pgTable('coupons', {
  id: uuid().primaryKey().defaultRandom(),
  // stored normalised (trimmed, upper case): one code, one row
  code: text().notNull().unique(),
  // coupon | giveaway
  source: text().notNull().default('coupon'),
  // percent (value in whole percent) | fixed (value in cents)
  kind: text().notNull(),
  value: integer().notNull(),
  startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }),
  usageLimit: integer(),
  oncePerCustomer: boolean().notNull().default(true),
  minSubtotalCents: integer(),
  /** product codes it applies to; null: everything paid at checkout */
  productCodes: text().array(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One row per order that used a code. Written in the order's transaction, under the coupon's lock. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    couponId: uuid()
      .notNull()
      .references(() => coupons.id),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.orderId, t.couponId), index().on(t.couponId), index().on(t.userId)],
);
