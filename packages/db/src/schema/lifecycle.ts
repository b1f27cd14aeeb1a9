import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * Each kit of an order has its own track (the Complete bundle ships three). A partner-lab order
 * has one row per kit too, without shipping. `code` is the id printed on the kit that the
 * customer registers, tying the sample to the person tested; an unregistered sample is held.
 */
export const orderKits = pgTable(
  'order_kits',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // blood | daily-rhythm-saliva | hormone-saliva (core's kit slugs)
    kitSlug: text().notNull(),
    // what the kit says about the tests ("Hormone saliva kit"), sealed at rest (decision 0072): the kit slug is the clear index
    title: sealedText('order_kits.title')('title_sealed').notNull(),
    // written in clear before migration 0057; the start seals it into `title` and empties this
    titleInClear: text('title'),
    // core's kit states: preparing | shipped | registered | lab_order_sent | sample_received | sample_held | results_ready
    status: text().notNull(),
    code: text().unique(),
    trackingNumber: text(),
    shippedAt: timestamp({ withTimezone: true }),
    registeredAt: timestamp({ withTimezone: true }),
    sampleReceivedAt: timestamp({ withTimezone: true }),
    resultsAt: timestamp({ withTimezone: true }),
    // the member said the sample is in the post (core's lost-kit case sample_not_received)
    sampleSentAt: timestamp({ withTimezone: true }),
    // free replacements made for this kit, and why the last one was (a rejection reason or a lost-kit case): kit_failures holds each
    replacements: integer().notNull().default(0),
    lastFailure: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.orderId, t.kitSlug), index().on(t.orderId)],
);

/**
 * Lab results are health data: the biomarker values are encrypted by the application (AES-256-GCM,
 * key from the environment) before they reach the database; only the order and kit they belong to,
 * who entered them and when are readable. One result set per kit: a second posting is refused.
 * A result set from another lab (origin `outside`, decision 0087) belongs to a member, not to an
 * order: it has no order, its kit is `outside`, and it names its lab (sealed) and collection day.
 */
export const labResults = pgTable(
  'lab_results',
  {
    id: uuid().primaryKey().defaultRandom(),
    // the order of an `order` result set; null for an `outside` one
    orderId: uuid().references(() => orders.id, { onDelete: 'cascade' }),
    // order | outside
    origin: text().notNull().default('order'),
    // the member of an `outside` result set (an `order` one is its order's member's)
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    // an `outside` result set's lab, sealed at rest, and the day its sample was collected
    outsideLab: sealedText('lab_results.outside_lab')('outside_lab_sealed'),
    collectedOn: date({ mode: 'string' }),
    kitSlug: text().notNull(),
    // console | partner_lab
    source: text().notNull(),
    // which key sealed it, so that keys can be rotated
    keyId: text().notNull(),
    // base64url of nonce, tag and ciphertext of the JSON list of biomarker results
    ciphertext: text().notNull(),
    enteredBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.orderId, t.kitSlug),
    index().on(t.userId),
    check(
      'lab_results_origin',
      sql`(${t.origin} = 'order' and ${t.orderId} is not null) or (${t.origin} = 'outside' and ${t.orderId} is null and ${t.userId} is not null)`,
    ),
  ],
);

/**
 * Who did what to whom, and who read which health data: written by every console action, every
 * results read and every staff read of a member's data. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE, and fills `seq`, `prevHash` and `hash` on insert (the hash chain, see
 * docs/decisions/0073-an-audit-log-nobody-can-rewrite.md), so a row changed behind the trigger's
 * back is found by `verifyAuditChain`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: text(),
    actorRole: text().notNull(),
    action: text().notNull(),
    subjectType: text().notNull(),
    subjectId: text().notNull(),
    // the member whose data was read or changed, when one is known: what the console filters on
    memberId: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // the chain, filled by the insert trigger: the row's place, the previous row's hash and its own
    seq: bigint({ mode: 'number' }).unique(),
    prevHash: text(),
    hash: text(),
  },
  (t) => [
    index().on(t.subjectType, t.subjectId, t.createdAt),
    index().on(t.createdAt),
    index().on(t.memberId, t.createdAt),
    index().on(t.actorId, t.createdAt),
  ],
);

/** The audit chain's head, one row: the last `seq` and hash, updated by the insert trigger in the inserting transaction. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer().primaryKey(),
  seq: bigint({ mode: 'number' }).notNull(),
  hash: text().notNull(),
});

/** Signed requests from partner labs seen so far: a nonce is accepted once, which refuses replays. */
export const labRequestNonces = pgTable('lab_request_nonces', {
  nonce: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The job queue: work that happens later or elsewhere. A job is inserted in the same transaction
 * as the business change that causes it, claimed by one worker at a time (FOR UPDATE SKIP LOCKED),
 * retried with backoff, and `singletonKey` keeps a job from being queued twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    // queued | running | done | failed | discarded (failed, then set aside by an operator)
    status: text().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    // a running job whose worker died is taken again once this passes
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    singletonKey: text().unique(),
    finishedAt: timestamp({ withTimezone: true }),
    // the X-Request-Id of the request that caused it (or of the job that queued it): its log lines carry it
    requestId: text(),
    // the W3C traceparent of the span that queued it, when tracing is on: the job's span is its child
    traceParent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.runAt)],
);

/** A person under 18 was found among the accounts: the account and its results go within 24 hours. */
export const minorRemovals = pgTable('minor_removals', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  dueAt: timestamp({ withTimezone: true }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
