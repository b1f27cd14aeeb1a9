import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sealedText } from '../sealed.ts';
import { users } from './auth.ts';
import { orders } from './orders.ts';

/**
 * A conversation with support, begun from the contact page by a member or a visitor. Its status
 * says whose turn it is: `open` waits for support, `answered` for the customer, `closed` is done
 * (a customer's new message opens it again).
 */
export const supportThreads = pgTable(
  'support_threads',
  {
    id: uuid().primaryKey().defaultRandom(),
    // the member who wrote, when signed in; a visitor is known by name and e-mail alone
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    // general | collection_change
    topic: text().notNull().default('general'),
    // the order a message is about (a change of its collection choice): always the writer's own
    orderId: uuid().references(() => orders.id, { onDelete: 'set null' }),
    // open | answered | closed
    status: text().notNull().default('open'),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.lastMessageAt), index().on(t.userId, t.lastMessageAt)],
);

/** One message of a thread: the customer's or a support person's, in the order they were written. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    threadId: uuid()
      .notNull()
      .references(() => supportThreads.id, { onDelete: 'cascade' }),
    // customer | staff
    author: text().notNull(),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    // sealed at rest (decision 0072)
    body: sealedText('support_messages.body')('body_sealed').notNull(),
    // written in clear before migration 0052; the start seals it into `body` and empties this
    bodyInClear: text('body'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.threadId, t.createdAt)],
);

/**
 * An operator's invitation to join the team with a role. Only the SHA-256 of its link's token is
 * kept: the link itself lives in the e-mail alone. It works once, until it expires or is revoked.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    tokenHash: text().notNull(),
    invitedBy: text().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token').on(t.tokenHash),
    // one invitation waiting per address: inviting again resends it
    uniqueIndex('staff_invitations_one_pending')
      .on(sql`lower(${t.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
);
