import { and, eq, isNotNull } from 'drizzle-orm';
import { employerAdmins, employerGroups, type Executor } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import type { SealedEmail } from '../email/sealed-secrets.ts';

/**
 * One e-mail to each admin of a group who accepted their invitation, keyed per admin by `keyOf`
 * (the outbox's key: a replayed event sends nothing twice). Nothing is sent for a group that is
 * gone. What the e-mail says is the caller's, in the group's name and never a person's.
 */
export async function emailGroupAdmins(
  tx: Executor,
  groupId: string,
  compose: (groupName: string, email: string) => { message: SealedEmail; key: string },
): Promise<void> {
  const [group] = await tx.select({ name: employerGroups.name }).from(employerGroups).where(eq(employerGroups.id, groupId));
  if (!group) return;
  const admins = await tx
    .select({ email: employerAdmins.email })
    .from(employerAdmins)
    .where(and(eq(employerAdmins.groupId, groupId), isNotNull(employerAdmins.acceptedAt)));
  for (const { email } of admins) {
    const { message, key } = compose(group.name, email);
    await enqueueEmail(tx, message, key);
  }
}
