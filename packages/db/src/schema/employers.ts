import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { carts } from './cart.ts';
import { orders } from './orders.ts';

/** A US postal address an employer's invoices are sent to. */
export interface EmployerBillingAddress {
  line1: string;
  line2: string | null;
  city: string;
  /** the two-letter USPS state code */
  state: string;
  /** a ZIP or ZIP+4 code */
  zip: string;
}

/** The buyer as an issued invoice printed it. */
export interface EmployerInvoiceBuyer {
  name: string;
  address: EmployerBillingAddress | null;
  email: string | null;
  poNumber: string | null;
}

/**
 * An employer's group: its page (`/b2b/{slug}`), the goals it offers, what it covers per employee
 * and plan year (the whole starter test when `coverCents` is null, else up to that amount), its cap,
 * and how an employee proves eligibility (`code` | `census` | `domain`, by a work e-mail at one of
 * `emailDomains`).
 */
export const employerGroups = pgTable(
  'employer_groups',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: text().notNull(),
    logoText: text().notNull(),
    goals: jsonb().$type<string[]>().notNull(),
    coverCents: integer(),
    includesProgram: boolean().notNull().default(false),
    capEmployees: integer(),
    capSpendCents: integer(),
    planYearStart: date({ mode: 'string' }).notNull(),
    planYearEnd: date({ mode: 'string' }).notNull(),
    eligibility: text().notNull(),
    /** lower-case domains (`acme.com`) whose addresses prove eligibility when `eligibility` is `domain` */
    emailDomains: jsonb().$type<string[]>().notNull().default([]),
    /** `invoice`: covered orders are billed monthly in arrears; `prepaid`: they draw on the group's testing bank */
    billingMode: text().$type<'invoice' | 'prepaid'>().notNull().default('invoice'),
    /**
     * What is left in the prepaid testing bank: the sum of its ledger (`employer_bank_entries`), kept
     * here so a covered checkout reads and changes it under the group's row lock it already takes;
     * the CHECK is the last word on "never below zero".
     */
    bankBalanceCents: integer().notNull().default(0),
    /** the group as a customer of the invoicing port (a Stripe Customer), once its first invoice made it */
    invoicingCustomerId: text(),
    /** where its invoices are addressed, set by its employer admin (a US postal address); null until set */
    billingAddress: jsonb().$type<EmployerBillingAddress>(),
    /** the accounts-payable e-mail its invoices name */
    billingEmail: text(),
    /** the purchase order its accounts payable quote, printed on the invoices issued while it is set */
    poNumber: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('employer_groups_billing_mode', sql`${t.billingMode} in ('invoice', 'prepaid')`),
    check('employer_groups_bank_balance', sql`${t.bankBalanceCents} >= 0`),
  ],
);

/**
 * Single-use eligibility codes, minted in batches and shown once: only their hash is kept. A code
 * is used once, by one account, under its row's lock.
 */
export const employerCodes = pgTable(
  'employer_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'cascade' }),
    batch: integer().notNull(),
    codeHash: text().notNull().unique(),
    usedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.groupId, t.batch)],
);

/** Each census upload, numbered per group: the history of who was eligible when. */
export const employerCensusUploads = pgTable(
  'employer_census_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    rowCount: integer().notNull(),
    added: integer().notNull(),
    removed: integer().notNull(),
    changed: integer().notNull(),
    uploadedBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.groupId, t.version)],
);

/**
 * The employees of a census, by the key they keep across uploads (employee ID, else e-mail). One
 * who leaves is marked removed, never deleted: their past covered orders still name them.
 * A row is sealed (decision 0057): name, e-mail, employee ID and date of birth are one AES-256-GCM
 * record under the results key (`sealed`, with its `keyId`), and the row keeps in clear only keyed
 * digests to find an employee by: `memberKey`, `emailIndex` and `employeeIdIndex` are HMACs of the
 * normalised key, e-mail and ID. The clear columns are the ones rows had before migration 0042; the
 * shop seals such a row at start and empties them.
 */
export const employerCensusMembers = pgTable(
  'employer_census_members',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'cascade' }),
    memberKey: text().notNull(),
    firstName: text(),
    lastName: text(),
    email: text(),
    employeeId: text(),
    dateOfBirth: date({ mode: 'string' }),
    keyId: text(),
    sealed: text(),
    emailIndex: text(),
    employeeIdIndex: text(),
    addedInVersion: integer().notNull(),
    removedInVersion: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.groupId, t.memberKey), index().on(t.groupId, t.emailIndex), index().on(t.groupId, t.employeeIdIndex)],
);

/**
 * An employee found eligible for a plan year: the row a covered checkout locks. One per account,
 * group and plan year, and one per census employee and plan year (two accounts cannot share a
 * census line); a code enrols one account; a work e-mail enrols one account a plan year.
 */
export const employerEnrollments = pgTable(
  'employer_enrollments',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planYearStart: date({ mode: 'string' }).notNull(),
    // code | census | domain
    method: text().notNull(),
    codeId: uuid()
      .unique()
      .references(() => employerCodes.id, { onDelete: 'set null' }),
    censusMemberId: uuid().references(() => employerCensusMembers.id, { onDelete: 'set null' }),
    /** the confirmed work address of an enrolment by domain, lower-case */
    workEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.groupId, t.userId, t.planYearStart),
    uniqueIndex('employer_enrollments_census_member_year')
      .on(t.censusMemberId, t.planYearStart)
      .where(sql`census_member_id is not null`),
    uniqueIndex('employer_enrollments_work_email_year')
      .on(t.groupId, t.workEmail, t.planYearStart)
      .where(sql`work_email is not null`),
  ],
);

/**
 * The one-time links that prove a work e-mail: asked for by a signed-in account, e-mailed to the
 * work address, kept as a hash, spent once by that same account before they expire.
 */
export const employerEmailLinks = pgTable(
  'employer_email_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workEmail: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.groupId, t.userId)],
);

/** The cart an eligible employee checks out with: its order is covered by the enrollment's group. */
export const employerCartCovers = pgTable('employer_cart_covers', {
  cartId: uuid()
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  enrollmentId: uuid()
    .notNull()
    .references(() => employerEnrollments.id, { onDelete: 'cascade' }),
  goal: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A covered order: what the employer pays of it, billed in arrears. One live covered order per
 * enrollment (so one per employee and plan year), written in the order's own transaction under the
 * enrollment's lock: the partial unique index holds it. An order cancelled before it was ever paid
 * (a prepaid order's card remainder left unpaid) is released: its row stays, and the employee's
 * covered test can be ordered again (decision 0052).
 */
export const employerCoveredOrders = pgTable(
  'employer_covered_orders',
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    enrollmentId: uuid()
      .notNull()
      .references(() => employerEnrollments.id, { onDelete: 'restrict' }),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'restrict' }),
    planYearStart: date({ mode: 'string' }).notNull(),
    coveredCents: integer().notNull(),
    /** paid from the group's testing bank when it was made: never put on a monthly invoice */
    prepaid: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** when the order was cancelled without ever being paid: it no longer uses the employee's cover */
    releasedAt: timestamp({ withTimezone: true }),
    /**
     * the employer's part of the Improvement Program guarantee applied to the order (what it paid
     * for the tests): back to its bank at once when prepaid, a credit on its next invoice otherwise
     */
    guaranteeCents: integer(),
  },
  (t) => [
    index().on(t.groupId, t.createdAt),
    uniqueIndex('employer_covered_orders_live_enrollment')
      .on(t.enrollmentId)
      .where(sql`released_at is null`),
  ],
);

/**
 * The prepaid testing bank's ledger: an operator's top-up (with the employer's payment reference),
 * a covered order's draw, the return of that draw when the order is refunded or cancelled, and an
 * operator's correction (money taken off, with its reason and a reference: a wrong top-up, a refund
 * to the employer).
 * Amounts are signed (a draw is negative); their sum is the group's `bankBalanceCents`. An order
 * draws once and is returned at most once: the unique (order, kind) holds it. The Improvement
 * Program guarantee of a covered order gives the employer's part of it back once (`guarantee`), and
 * a later return gives back only what is left of the draw.
 */
export const employerBankEntries = pgTable(
  'employer_bank_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'restrict' }),
    kind: text().$type<'top_up' | 'draw' | 'return' | 'guarantee' | 'correction'>().notNull(),
    amountCents: integer().notNull(),
    orderId: uuid().references(() => employerCoveredOrders.orderId, { onDelete: 'restrict' }),
    reference: text(),
    /** why an operator corrected the balance (a correction's only) */
    reason: text(),
    // who: the operator of a top-up or correction, the employee of a draw, the actor of the refund or cancellation
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.orderId, t.kind),
    // a transfer is recorded once: a second top-up with its reference would count the money twice
    uniqueIndex('employer_bank_entries_top_up_reference')
      .on(t.groupId, t.reference)
      .where(sql`${t.kind} = 'top_up'`),
    index().on(t.groupId, t.createdAt),
    check(
      'employer_bank_entries_shape',
      sql`(${t.kind} = 'top_up' and ${t.amountCents} > 0 and ${t.orderId} is null)
        or (${t.kind} = 'draw' and ${t.amountCents} < 0 and ${t.orderId} is not null)
        or (${t.kind} = 'return' and ${t.amountCents} > 0 and ${t.orderId} is not null)
        or (${t.kind} = 'guarantee' and ${t.amountCents} > 0 and ${t.orderId} is not null)
        or (${t.kind} = 'correction' and ${t.amountCents} < 0 and ${t.orderId} is null and ${t.reference} is not null and ${t.reason} is not null)`,
    ),
  ],
);

/**
 * An employer group's admins: an operator's invitation (single use, expiring, its token kept as a
 * hash), accepted by the account of the e-mail it was sent to. An account admins one group.
 */
export const employerAdmins = pgTable(
  'employer_admins',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    invitedBy: text().references(() => users.id, { onDelete: 'set null' }),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.groupId), index().on(t.userId)],
);

/** Bytes kept as they are: an invoice's PDF. node-postgres and PGlite both take a Buffer. */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * An invoice to an employer group, of one of two kinds (docs/decisions/0088-bank-top-up-by-invoice.md):
 * - `covered_orders`, the group's monthly invoice, billed in arrears: one per group and month (the
 *   partial unique key turns a second run of the job into nothing), with its lines;
 * - `bank_top_up`, an amount a prepaid group's admin asked to be invoiced for, no lines, credited
 *   to the group's testing bank once when it is paid (its `period` is the month it was asked in).
 * It is recorded `draft`, then issued through the invoicing port (`open`, with the port's reference
 * and, from the embedded default, its PDF); it is paid by card, at the issuer, or marked `paid` or
 * `void` in the console.
 */
export const employerInvoices = pgTable(
  'employer_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    // the number the employer's accounts payable quote
    number: integer().generatedAlwaysAsIdentity({ startWith: 1001 }).notNull().unique(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'restrict' }),
    // the month billed, YYYY-MM
    period: text().notNull(),
    // what it bills: the month's covered orders, or an amount for the prepaid testing bank
    kind: text().$type<'covered_orders' | 'bank_top_up'>().notNull().default('covered_orders'),
    // a top-up's request key (the portal form's own, the same for a double submit): one invoice per key
    requestKey: text(),
    status: text().$type<'draft' | 'open' | 'paid' | 'void'>().notNull(),
    totalCents: integer().notNull(),
    // which invoicing port issued it (embedded | stripe), its reference there, and where the employer pays it
    issuer: text(),
    reference: text(),
    hostedUrl: text(),
    pdf: bytes(),
    // when a run claimed the draft to issue it: a claim that never finished is taken up again later
    issuingSince: timestamp({ withTimezone: true }),
    issuedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    // who was billed, as the invoice printed it when issued (the group's billing details then): never changed after
    billedTo: jsonb().$type<EmployerInvoiceBuyer>(),
    // how it was paid: transfer (an operator marked it), card (in the portal), issuer (the invoicing port's hosted page)
    paidVia: text().$type<'transfer' | 'card' | 'issuer'>(),
    // the gateway's payment id of a card payment, or the issuer's reference
    paymentReference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one monthly invoice per group and month; top-up invoices are as many as the admins ask for
    uniqueIndex('employer_invoices_covered_orders_period')
      .on(t.groupId, t.period)
      .where(sql`${t.kind} = 'covered_orders'`),
    uniqueIndex('employer_invoices_request_key').on(t.groupId, t.requestKey),
    check('employer_invoices_status', sql`${t.status} in ('draft', 'open', 'paid', 'void')`),
    check(
      'employer_invoices_kind',
      sql`(${t.kind} = 'covered_orders' and ${t.requestKey} is null) or (${t.kind} = 'bank_top_up' and ${t.requestKey} is not null and ${t.totalCents} > 0)`,
    ),
  ],
);

/**
 * An invoice's lines: a covered order as the employer may see it (its number, date and the amount
 * covered, never what was tested or for whom). An order is charged on exactly one invoice and
 * credited (a negative line, once refunded or cancelled) on at most one later one: the database
 * holds both through the unique (order, kind). The employer's part of an Improvement Program
 * guarantee is credited once too (`guarantee`), and a later full credit takes off only the rest.
 */
export const employerInvoiceLines = pgTable(
  'employer_invoice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => employerInvoices.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => employerCoveredOrders.orderId, { onDelete: 'restrict' }),
    kind: text().$type<'charge' | 'credit' | 'guarantee'>().notNull(),
    orderNumber: integer().notNull(),
    orderDate: date({ mode: 'string' }).notNull(),
    amountCents: integer().notNull(),
  },
  (t) => [
    unique().on(t.orderId, t.kind),
    index().on(t.invoiceId),
    check(
      'employer_invoice_lines_sign',
      sql`(${t.kind} = 'charge' and ${t.amountCents} >= 0) or (${t.kind} in ('credit', 'guarantee') and ${t.amountCents} <= 0)`,
    ),
  ],
);

/**
 * A card payment by an employer admin, through the payment port (docs/decisions/0085-employers-pay-online.md):
 * an open invoice paid (`invoice`), or money added to the prepaid testing bank (`top_up`). One row
 * per attempt, its key the gateway's idempotency key: a double submit joins the live attempt, a
 * new card after a decline is a new attempt. Only the gateway's references, the card's brand and
 * last four are kept.
 */
export const employerPayments = pgTable(
  'employer_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    groupId: uuid()
      .notNull()
      .references(() => employerGroups.id, { onDelete: 'restrict' }),
    purpose: text().$type<'invoice' | 'top_up'>().notNull(),
    invoiceId: uuid().references(() => employerInvoices.id, { onDelete: 'restrict' }),
    // the gateway that takes the payment (test | stripe); a card of one cannot be charged at another
    gateway: text().notNull(),
    attemptKey: text().notNull().unique(),
    // the gateway's id of the payment, known once it has answered
    gatewayPaymentId: text().unique(),
    paymentMethod: text().notNull(),
    amountCents: integer().notNull(),
    // started | processing | requires_action | succeeded | failed
    status: text().$type<'started' | 'processing' | 'requires_action' | 'succeeded' | 'failed'>().notNull(),
    cardBrand: text(),
    cardLast4: text(),
    failureCode: text(),
    // the employer admin who paid
    actorId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.groupId, t.createdAt),
    index().on(t.invoiceId),
    check(
      'employer_payments_shape',
      sql`(${t.purpose} = 'invoice' and ${t.invoiceId} is not null) or (${t.purpose} = 'top_up' and ${t.invoiceId} is null)`,
    ),
    check('employer_payments_amount', sql`${t.amountCents} > 0`),
    check('employer_payments_status', sql`${t.status} in ('started', 'processing', 'requires_action', 'succeeded', 'failed')`),
  ],
);
