import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { DELETION_LINK_MINUTES } from '@shop/core';
import { verifications, type Database } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import { layout } from '../email/templates.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { linkTokenHash, mintLink } from '../invitations/single-use-links.ts';
import { enforce, limits } from '../rate-limit/limiter.ts';

/**
 * The link that confirms deleting an account that has no password (Google sign-in): e-mailed to
 * the account's address, so only who reads that mailbox and is signed in to the account deletes
 * it. The token is in the e-mail alone; `verifications` keeps its hash under the account's id,
 * and the erasure, which deletes every verification of the account, spends it. How long it
 * works is core's `DELETION_LINK_MINUTES`, which the page says too.
 */
const PURPOSE = 'account-delete';

export interface DeletionLinkDeps {
  db: Database;
  emailSecrets: SecretSealer;
  publicUrl: string;
}

const identifierOf = (token: string) => `${PURPOSE}:${linkTokenHash(token, PURPOSE)}`;

function deletionLinkEmail(to: string, url: string) {
  return layout(
    'account-delete-link',
    to,
    'Confirm deleting your Base account',
    [
      'You asked to delete your Base account. Your account signs in without a password, so this e-mail is how you confirm it is you.',
      `The link below works for ${DELETION_LINK_MINUTES} minutes, and only while you are signed in to the account that asked. It opens a page where you confirm: nothing is deleted until you do.`,
      'If you did not ask for this, you can ignore this e-mail: your account stays as it is.',
    ],
    { label: 'Confirm deleting my account', url },
  );
}

/** Mints a link for the account and e-mails it to its address, a few an hour at most. */
export async function sendDeletionLink(deps: DeletionLinkDeps, user: { id: string; email: string }, now = new Date()): Promise<void> {
  await enforce(deps.db, limits.deletionLinksPerAccount, user.id);
  const { token, expiresAt } = mintLink(now, DELETION_LINK_MINUTES / (24 * 60));
  const url = `${deps.publicUrl}/account/delete-confirm?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(verifications).values({ id: randomUUID(), identifier: identifierOf(token), value: user.id, expiresAt });
    await enqueueEmail(tx, deps.emailSecrets.seal({ ...deletionLinkEmail(user.email, url), secrets: [url] }));
  });
}

/** Whether the token is a live deletion link of this account (not expired, not spent by an erasure). */
export async function deletionLinkHolds(db: Database, token: string, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifierOf(token)), eq(verifications.value, userId), gt(verifications.expiresAt, now)));
  return Boolean(row);
}
