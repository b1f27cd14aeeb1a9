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

/** Each member's referral code, made the first time they ask for it. */
export const referralCodes = pgTable('referral_codes', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a referral earned: the referrer's $50 once the friend's first order is paid. One row per
 * order (the unique key), written in the transaction that records the payment. The gift card
 * itself is issued from here.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: uuid().primaryKey().defaultRandom(),
    referrerUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    // earned | void (the order was refunded before the reward was used)
    status: text().notNull(),
    earnedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.referrerUserId)],
);
