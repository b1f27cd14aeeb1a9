import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth.ts';
import { orders } from './orders.ts';
import { clinics } from './providers.ts';

/**
 * The people and publications who send visitors: active ones may have codes that work, disabled
 * ones keep their history and earn nothing more. `userId` is the account that signs in to the
 * affiliate's dashboard (one affiliate per account). An application at /affiliate-program is a
 * row in `applied` with what the applicant told us (`website`, `promotion`) until an operator
 * approves it (`active`, with codes) or declines it (`declined`, with the reason they are sent).
 */
export const affiliates = pgTable('affiliates', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  email: text().notNull(),
  userId: text()
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  // applied | active | declined | disabled
  status: text().notNull().default('active'),
  // the affiliate's share of what a referred customer paid on their first order (capped per customer in core)
  commissionPercent: integer().notNull().default(15),
  // the applicant's audience or website, and how they would promote the shop
  website: text(),
  promotion: text(),
  declineReason: text(),
  decidedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An affiliate's codes, stored normalised (trimmed, upper case) as people type them; the landing
 * page's banner, heading and introduction go with the code.
 */
export const affiliateCodes = pgTable(
  'affiliate_codes',
  {
    code: text().primaryKey(),
    affiliateId: uuid()
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    banner: text().notNull(),
    heading: text().notNull(),
    intro: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.affiliateId)],
);

/** One row per visit through a working code's link or landing page: a count, nothing about the visitor. */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text()
      .notNull()
      .references(() => affiliateCodes.code, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.code, t.at)],
);

/**
 * Who sent the customer of an order, copied from the visitor's attribution when the order is
 * placed: an affiliate's code, or a member's referral code. `selfReferral` flags an order whose
 * customer is the affiliate or referrer themselves: it earns nothing.
 */
export const orderAttributions = pgTable(
  'order_attributions',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    affiliateCode: text().references(() => affiliateCodes.code),
    // the link's `rc`: an affiliate's campaign, or a member's referral code on its own
    referralCode: text(),
    selfReferral: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.affiliateCode)],
);

/**
 * Monthly payouts of the reward ledger, to affiliates (their commissions) and to clinics (their
 * fees and provider referral rewards): one per payee and month (the unique keys keep two runs at
 * once to one payout). A payout is recorded `pending` with the ledger entries it pays before the
 * payout port is asked; the run that claims it (`sendingSince`) asks the port, outside any
 * transaction, with the payout's id as the idempotency key, and records `paid` with the port's
 * `reference` (a batch line, a transfer id) after. The table keeps the name it had when only
 * affiliates were paid.
 */
export const payouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    // the payee: exactly one of the two
    affiliateId: uuid().references(() => affiliates.id),
    clinicId: uuid().references(() => clinics.id),
    // YYYY-MM, the month the run paid
    period: text().notNull(),
    amountCents: integer().notNull(),
    // pending | paid
    status: text().notNull().default('pending'),
    sendingSince: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    reference: text(),
    // why the last try did not pay (the payee has no payout account yet, the transfer was refused)
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.affiliateId, t.period),
    unique('payouts_clinic_period').on(t.clinicId, t.period),
    check('payouts_payee', sql`num_nonnulls(${t.affiliateId}, ${t.clinicId}) = 1`),
  ],
);

/**
 * Where a payee's money goes when payouts are transfers (Stripe Connect): the payee's connected
 * account, set by an operator (never by the payee, so a taken-over account cannot redirect what it
 * is owed). One per affiliate or clinic.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    affiliateId: uuid()
      .unique()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    clinicId: uuid()
      .unique()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    // acct_…
    stripeAccountId: text().notNull(),
    updatedBy: text().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payout_accounts_payee', sql`num_nonnulls(${t.affiliateId}, ${t.clinicId}) = 1`)],
);

/**
 * One ledger for what referrals earn: affiliates' commissions and members' referral rewards. An
 * earning is pending until its order has cleared the refund window (`clearsAt`), then approved,
 * then paid (an affiliate's payout; a member's gift card), or voided when its order was refunded
 * or cancelled first. A refund after approval adds a clawback: a negative entry the next payout
 * nets. One earning and at most one clawback per order and kind (the unique key): a replayed event
 * writes nothing twice.
 */
export const rewardLedger = pgTable(
  'reward_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    // affiliate_commission | member_referral | provider_referral
    kind: text().notNull(),
    // earning | clawback
    entry: text().notNull().default('earning'),
    affiliateId: uuid().references(() => affiliates.id),
    affiliateCode: text(),
    referrerUserId: text().references(() => users.id, { onDelete: 'cascade' }),
    // a provider referral's earner: the referring clinic
    clinicId: uuid().references(() => clinics.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    // pending | approved | paid | voided
    status: text().notNull().default('pending'),
    reason: text().notNull(),
    clearsAt: timestamp({ withTimezone: true }).notNull(),
    approvedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    payoutId: uuid().references(() => payouts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.kind, t.orderId, t.entry),
    index().on(t.status, t.clearsAt),
    index().on(t.affiliateId),
    check('reward_ledger_owner', sql`num_nonnulls(${t.affiliateId}, ${t.referrerUserId}, ${t.clinicId}) = 1`),
  ],
);

/**
 * A clinic's member referred another practitioner: the referring clinic earns the provider
 * referral's $50 when the referred practitioner's clinic has its first order paid (and it clears
 * the refund window). The referred clinic is found by its members' addresses when its order is
 * paid, and bound then (`referred_clinic_id`, unique: one referrer per clinic); `rewarded_order_id`
 * is set once, under this row's lock, so the reward is earned once whatever the events do.
 */
export const providerReferrals = pgTable(
  'provider_referrals',
  {
    id: uuid().primaryKey().defaultRandom(),
    referrerClinicId: uuid()
      .notNull()
      .references(() => clinics.id, { onDelete: 'cascade' }),
    referredByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    // the referred practitioner's address as a mailbox (lower case, no "+tag")
    providerEmail: text().notNull(),
    providerFirstName: text().notNull(),
    providerLastName: text().notNull(),
    providerType: text().notNull(),
    referredClinicId: uuid().references(() => clinics.id, { onDelete: 'set null' }),
    rewardedOrderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_referrals_once_per_clinic_and_address').on(t.referrerClinicId, t.providerEmail),
    uniqueIndex('provider_referrals_one_referrer').on(t.referredClinicId),
    index().on(t.providerEmail),
  ],
);
