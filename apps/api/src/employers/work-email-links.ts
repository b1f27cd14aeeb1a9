import { and, eq } from 'drizzle-orm';
import { domainOfEmail, employerMessages } from '@shop/core';
import { employerEmailLinks, type Executor } from '@shop/db';
import { AppError, conflict, notFound } from '../errors.ts';
import { linkTokenHash } from '../invitations/single-use-links.ts';

/** Keeps a work-email link's token from matching the hash of any other kind of link. */
export const WORK_EMAIL_LINK_PURPOSE = 'employer-work-email';
/** Long enough to open the work mailbox on another device; short enough that a forwarded link soon dies. */
export const WORK_EMAIL_LINK_HOURS = 24;

export type EmailLinkRow = typeof employerEmailLinks.$inferSelect;

/** Whether a work address is at one of the group's domains (exactly: a subdomain is another domain). */
export function atGroupDomain(group: { emailDomains: string[] }, email: string): boolean {
  return group.emailDomains.includes(domainOfEmail(email));
}

/**
 * Spends a work-email link once, in the caller's transaction and under the link's row lock: it must
 * be the group's, unused, unexpired, opened by the account that asked for it, and its address still
 * at one of the group's domains. Should the rest of the transaction fail, the link is not spent.
 */
export async function spendWorkEmailLink(
  tx: Executor,
  group: { id: string; emailDomains: string[] },
  userId: string,
  token: string,
  now: Date,
): Promise<EmailLinkRow> {
  const [link] = await tx
    .select()
    .from(employerEmailLinks)
    .where(and(eq(employerEmailLinks.tokenHash, linkTokenHash(token, WORK_EMAIL_LINK_PURPOSE)), eq(employerEmailLinks.groupId, group.id)))
    .for('update');
  if (!link) throw notFound('LINK_INVALID', employerMessages.linkInvalid);
  if (link.usedAt) throw conflict('LINK_USED', employerMessages.linkUsed);
  if (link.expiresAt <= now) throw conflict('LINK_EXPIRED', employerMessages.linkExpired);
  if (link.userId !== userId) throw new AppError(403, 'LINK_OTHER_ACCOUNT', employerMessages.linkOtherAccount);
  if (!atGroupDomain(group, link.workEmail)) throw new AppError(403, 'NOT_ELIGIBLE', employerMessages.workEmailDomain(group.emailDomains));
  await tx.update(employerEmailLinks).set({ usedAt: now }).where(eq(employerEmailLinks.id, link.id));
  return link;
}
