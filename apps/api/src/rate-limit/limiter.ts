import { sql } from 'drizzle-orm';
import { rateLimitCounters, type Database } from '@shop/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

export interface Limit {
  /** names the counter: what is limited */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * The limits on the doors that guess passwords or send e-mail: per address (IP) and per account
 * (e-mail), so neither many accounts from one address nor one account from many addresses get
 * through.
 */
export const limits = {
  signInPerAddress: { name: 'sign-in:ip', max: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { name: 'sign-in:account', max: 10, windowSeconds: 15 * 60 },
  signUpPerAddress: { name: 'sign-up:ip', max: 30, windowSeconds: 60 * 60 },
  resetPerAddress: { name: 'reset:ip', max: 20, windowSeconds: 60 * 60 },
  resetPerAccount: { name: 'reset:account', max: 5, windowSeconds: 60 * 60 },
  // a wrong code costs one try: enough for typos, too few to guess codes one by one
  discountCodesPerAddress: { name: 'discount-code:ip', max: 20, windowSeconds: 15 * 60 },
  // checking and redeeming gift codes: a recipient needs two or three, a guesser millions
  giftCodesPerAddress: { name: 'gift-code:ip', max: 30, windowSeconds: 15 * 60 },
  // each upload is read, scanned and re-encoded: a report's pages and a few retries, not a flood
  labUploadsPerAccount: { name: 'lab-upload:account', max: 20, windowSeconds: 60 * 60 },
  // a member e-mails a week's shopping list to themselves: a few a day is plenty, more is a mail bomb
  shoppingListEmailsPerAccount: { name: 'shopping-list-email:account', max: 5, windowSeconds: 60 * 60 },
  // a link to delete an account without a password goes to the account's own mailbox: a few an hour
  deletionLinksPerAccount: { name: 'account-delete-link:account', max: 5, windowSeconds: 60 * 60 },
  // a large data archive is built by the worker from everything the account holds: a few an hour
  dataArchivesPerAccount: { name: 'data-archive:account', max: 5, windowSeconds: 60 * 60 },
  workEmailLinksPerAccount: { name: 'employer-work-email:account', max: 5, windowSeconds: 60 * 60 },
  // a person writes to support a few times a day; a flood from one address or for one inbox is not a person
  supportMessagesPerAddress: { name: 'support-message:ip', max: 5, windowSeconds: 60 * 60 },
  supportMessagesPerAccount: { name: 'support-message:account', max: 5, windowSeconds: 60 * 60 },
  supportRepliesPerAccount: { name: 'support-reply:account', max: 30, windowSeconds: 60 * 60 },
  // an invitation link's token is long and random; this keeps guessing and accepting in check all the same
  staffInvitationsPerAddress: { name: 'staff-invitation:ip', max: 20, windowSeconds: 15 * 60 },
  clinicInvitationsPerAddress: { name: 'clinic-invitation:ip', max: 20, windowSeconds: 15 * 60 },
  employerInvitationsPerAddress: { name: 'employer-invitation:ip', max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/**
 * Counts a hit in a fixed window kept in the database (every process sees the same count) and
 * refuses with 429 past the limit.
 */
export async function enforce(db: Database, limit: Limit, subject: string): Promise<void> {
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const windowStart = sql`now() - make_interval(secs => ${limit.windowSeconds})`;
  const [counter] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${rateLimitCounters.windowStartedAt} < ${windowStart} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowStartedAt: sql`case when ${rateLimitCounters.windowStartedAt} < ${windowStart} then now() else ${rateLimitCounters.windowStartedAt} end`,
      },
    })
    .returning();
  if (!counter || counter.hits <= limit.max) return;
  const retryAfter = Math.max(1, Math.ceil((counter.windowStartedAt.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000));
  throw new RateLimitedError(retryAfter);
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(429, 'TOO_MANY_REQUESTS', `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}

/** The e-mail a request is about, from its JSON body, for per-account limits. */
export function emailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().slice(0, 254) : undefined;
}

type Rule = { limit: Limit; by: 'address' | 'account' };

/** A preHandler that enforces the rules: by the client's address, or by the e-mail in the body. */
export function rateLimited(...rules: Rule[]) {
  return async (request: FastifyRequest): Promise<void> => {
    for (const rule of rules) {
      const subject = rule.by === 'address' ? request.ip : emailOf(request);
      if (subject) await enforce(request.server.db, rule.limit, subject);
    }
  };
}
