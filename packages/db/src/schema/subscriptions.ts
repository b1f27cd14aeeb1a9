import { date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * A test subscription (`base-monitor`): the test is delivered and charged on a date, every month
 * or every quarter, on the card saved at checkout. The first delivery is the order itself; the
 * next ones are rows of `subscription_deliveries`, each charged and shipped once.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the order that started it, and whose saved card pays the next deliveries
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productCode: text().notNull(),
    testId: integer(),
    // what the subscription says about its test, sealed at rest like its order's line (decision 0072): the product code is the clear index
    title: sealedText('subscriptions.title')('title_sealed').notNull(),
    // written in clear before migration 0056; the start seals it into `title` and empties this
    titleInClear: text('title'),
    // monthly | quarterly
    frequency: text().notNull(),
    priceCents: integer().notNull(),
    // active | past_due | paused (a membership whose renewal failed every try) | cancelled
    status: text().notNull().default('active'),
    nextDeliveryOn: date({ mode: 'string' }),
    cancelledAt: timestamp({ withTimezone: true }),
    // a cancelled membership's last paid day: its benefits hold until then
    accessUntil: date({ mode: 'string' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.orderId, t.productCode, t.testId).nullsNotDistinct(), index().on(t.status, t.nextDeliveryOn), index().on(t.userId)],
);

/** One delivery of a subscription after the first: charged, then shipped, each exactly once. */
export const subscriptionDeliveries = pgTable(
  'subscription_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    // 2 for the first delivery after the order, then 3, 4…
    sequence: integer().notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    // scheduled | charged | needs_customer | declined | shipped | skipped
    status: text().notNull().default('scheduled'),
    amountCents: integer().notNull(),
    // the payment attempt's key at the gateway: the same delivery is never charged twice
    paymentKey: text().unique(),
    trackingNumber: text(),
    chargedAt: timestamp({ withTimezone: true }),
    shippedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.subscriptionId, t.sequence), index().on(t.status, t.dueOn)],
);

/**
 * The yearly reminder of a renewing subscription's terms (California's auto-renewal law asks for
 * one a year): one row per subscription and year of its life, written with the e-mail, so the
 * daily job sends each exactly once whatever runs twice.
 */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    // 1 for the reminder a year after the start, 2 after two years…
    year: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.subscriptionId, t.year)],
);

/**
 * A change of a renewing price, announced by an operator: the only way a subscription's price
 * changes. Each subscription it touches gets a notice (`subscription_price_notices`) when it is
 * announced; on `effectiveOn` the daily job applies the new price to those noticed in time.
 */
export const subscriptionPriceChanges = pgTable(
  'subscription_price_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    productCode: text().notNull(),
    priceCents: integer().notNull(),
    effectiveOn: date({ mode: 'string' }).notNull(),
    announcedBy: text().notNull(),
    announcedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.effectiveOn)],
);

/** The notice of a price change sent to one subscription: the change reaches only subscriptions with one. */
export const subscriptionPriceNotices = pgTable(
  'subscription_price_notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    priceChangeId: uuid()
      .notNull()
      .references(() => subscriptionPriceChanges.id, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    oldPriceCents: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique().on(t.priceChangeId, t.subscriptionId), index().on(t.subscriptionId)],
);
