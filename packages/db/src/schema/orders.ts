import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { carts } from './cart.ts';
import { labLocations, products } from './catalog.ts';

export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    // a short number people can read out to support
    number: integer().generatedAlwaysAsIdentity({ startWith: 100001 }).notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id),
    // one order per cart and per idempotency key: the database holds the "exactly once" rule
    cartId: uuid()
      .notNull()
      .unique()
      .references(() => carts.id),
    idempotencyKey: text().unique(),
    email: text().notNull(),
    status: text().notNull(),
    currency: text().notNull().default('usd'),
    subtotalCents: integer().notNull(),
    discountCents: integer().notNull(),
    taxCents: integer().notNull(),
    shippingCents: integer().notNull(),
    // a fee charged on the order's own line (a clinic's fee on its pay link), never discounted: part of total_cents
    feeCents: integer().notNull().default(0),
    // what the fee's line says ("Interpretation fee — Green Valley Clinic"); null without a fee
    feeLabel: text(),
    totalCents: integer().notNull(),
    // what will be charged later (the Improvement Program when results arrive)
    deferredCents: integer().notNull().default(0),
    /** the discounts of the order as priced: source, code, label and amount of each */
    appliedDiscounts: jsonb()
      .$type<{ source: string; code: string | null; label: string; discountCents: number }[]>()
      .notNull()
      .default([]),
    /**
     * the customer had accepted third-party scripts when placing it: only such an order's value is
     * reported to the advertiser (apps/api/src/advertising/conversions.ts)
     */
    adConsent: boolean().notNull().default(false),
    /**
     * where the person tested lives (a state's code), as the order was placed: the sale rules read
     * it, and the physician of record must be licensed there. Null for an order placed before it
     * was kept, or one without a test; the medical profile's state stands in for it then.
     */
    testedState: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productCode: text()
      .notNull()
      .references(() => products.code),
    testId: integer(),
    // what the item says about the tests, sealed at rest (decision 0072): the product code is the clear index
    title: sealedText('order_items.title')('title_sealed').notNull(),
    // written in clear before migration 0052; the start seals it into `title` and empties this
    titleInClear: text('title'),
    unitPriceCents: integer().notNull(),
    quantity: integer().notNull(),
    charge: text().notNull(),
    // a test subscription's delivery frequency: monthly | quarterly (null for anything else)
    frequency: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId)],
);

/**
 * One row per attempt to take money for an order: at checkout, or later for the Improvement
 * Program. The row is written before the gateway is asked (status `started`), under the order's
 * lock, so that racing requests join the same attempt and a process that dies mid-way leaves a
 * trace that reconciliation asks the gateway about. `attemptKey` is the gateway's idempotency key.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // checkout | program | subscription
    purpose: text().notNull().default('checkout'),
    // the gateway asked (test | stripe)
    gateway: text().notNull(),
    attemptKey: text().notNull().unique(),
    // the gateway's id of the payment, known once it has answered
    gatewayPaymentId: text().unique(),
    // the two above under the names of the release before (decision 0090): written beside them,
    // never read, kept in step by a trigger for that release's processes until they are dropped
    provider: text().notNull(),
    providerPaymentId: text().unique(),
    paymentMethod: text(),
    customerId: text(),
    // the card kept for a charge without the customer present
    savedPaymentMethod: text(),
    amountCents: integer().notNull(),
    refundedCents: integer().notNull().default(0),
    // started | processing | requires_action | succeeded | failed
    status: text().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    // the gateway's fingerprint of the card: the same card, whoever pays with it
    cardFingerprint: text(),
    failureCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId), index().on(t.status, t.createdAt)],
);

export const collectionChoices = pgTable('collection_choices', {
  // chosen once per order: the primary key is the lock
  orderId: uuid()
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  method: text().notNull(),
  fullName: text(),
  shippingAddress: text(),
  apartmentNumber: text(),
  city: text(),
  zipCode: text().notNull(),
  phone: text(),
  labLocationId: text().references(() => labLocations.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    actor: text().notNull(),
    // what the step says happened, sealed at rest (decision 0072): a kit's steps name the kit ("Hormone saliva kit:
    // results ready"), a hold speaks of results, a clinician writes why; `event` and the statuses are the clear index
    reason: sealedText('order_events.reason')('reason_sealed'),
    // written in clear before migration 0057; the start seals it into `reason` and empties this
    reasonInClear: text('reason'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

/** An order as stored: the one order type the API passes around. */
export type OrderRow = typeof orders.$inferSelect;
