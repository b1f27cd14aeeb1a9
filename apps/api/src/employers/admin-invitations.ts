import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  EMPLOYER_INVITATION_DAYS,
  MAX_EMPLOYER_ADMINS,
  employerInvitationMessages,
  employerMessages,
  type EmployerInvitationState,
} from '@shop/core';
import { employerAdmins, employerGroups, users, type Database, type Executor } from '@shop/db';
import { accountWithEmail } from '../auth/accounts.ts';
import type { Auth } from '../auth/auth.ts';
import { nameFromEmail } from '../checkout/account.ts';
import { employerAdminInvitationEmail } from '../email/employer-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { invitationStatus, linkTokenHash, mintLink, spendLink } from '../invitations/single-use-links.ts';
import { auditGroup, type StaffActor } from './console.ts';

/**
 * An employer admin's invitation, from the operator who set the group up or from an admin of the
 * group (a co-admin): the link lets the invited address make its account with a password chosen
 * on the invitation's page, or accept with the account it has. Minted, spent and given back as the
 * shop's other invitations are (invitations/single-use-links.ts).
 */
export interface EmployerInvitationDeps {
  db: Database;
  auth: Auth;
  publicUrl: string;
  emailSecrets: SecretSealer;
  now?: () => Date;
}

type EmployerAdminRow = typeof employerAdmins.$inferSelect;

const LINK_PURPOSE = 'employer-admin';

const invalidLink = () => new AppError(410, 'INVITATION_INVALID', employerInvitationMessages.invalid);

/** Sent, accepted or expired: what the sender of an invitation sees of it. */
export function employerInvitationState(row: Pick<EmployerAdminRow, 'acceptedAt' | 'expiresAt'>, now: Date): EmployerInvitationState {
  const status = invitationStatus(row, now);
  return status === 'pending' ? 'sent' : status === 'accepted' ? 'accepted' : 'expired';
}

/** A group's invitations, newest first, each with its state: the console's group page and the portal list them. */
export async function employerInvitationsOf(db: Executor, groupId: string, now = new Date()) {
  const rows = await db.select().from(employerAdmins).where(eq(employerAdmins.groupId, groupId)).orderBy(desc(employerAdmins.createdAt));
  return rows.map((row) => ({
    email: row.email,
    state: employerInvitationState(row, now),
    invitedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  }));
}

/**
 * Invites an employer admin of the group: a single-use link valid for EMPLOYER_INVITATION_DAYS,
 * e-mailed through the outbox (sealed at rest) and kept as a hash. An address invited before and
 * not yet accepted gets a new link (the old one stops working); a group has at most
 * MAX_EMPLOYER_ADMINS admins and invitations still open. `inviter` is who the e-mail says invites.
 */
export async function inviteEmployerAdmin(
  deps: EmployerInvitationDeps,
  actor: StaffActor,
  invite: { groupId: string; email: string; inviter: string },
): Promise<{ email: string; expiresAt: string }> {
  const now = deps.now?.() ?? new Date();
  const email = invite.email.toLowerCase();
  const { token, tokenHash, expiresAt } = mintLink(now, EMPLOYER_INVITATION_DAYS, LINK_PURPOSE);
  await deps.db.transaction(async (tx) => {
    // the group's row is the lock two invitations at once queue on, so the count holds
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, invite.groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
    const rows = await tx.select().from(employerAdmins).where(eq(employerAdmins.groupId, group.id));
    if (rows.some((row) => row.email === email && row.acceptedAt))
      throw conflict('ALREADY_AN_ADMIN', employerInvitationMessages.alreadyAdmin);
    const waiting = rows.find((row) => row.email === email);
    const open = rows.filter((row) => row !== waiting && (row.acceptedAt || row.expiresAt > now));
    if (open.length >= MAX_EMPLOYER_ADMINS) throw conflict('TOO_MANY_ADMINS', employerInvitationMessages.tooMany);
    const values = { tokenHash, expiresAt, invitedBy: actor.user.id, createdAt: now };
    if (waiting) await tx.update(employerAdmins).set(values).where(eq(employerAdmins.id, waiting.id));
    else await tx.insert(employerAdmins).values({ ...values, groupId: group.id, email });
    const url = `${deps.publicUrl}/business/portal/accept?token=${encodeURIComponent(token)}`;
    const message = employerAdminInvitationEmail({
      to: email,
      groupName: group.name,
      inviter: invite.inviter,
      url,
      validDays: EMPLOYER_INVITATION_DAYS,
    });
    await enqueueEmail(tx, deps.emailSecrets.seal(message));
    await auditGroup(tx, actor, 'employer_group.admin_invite', group.id, { email, ...(waiting ? { resent: true } : {}) });
  });
  return { email, expiresAt: expiresAt.toISOString() };
}

/** The invitation a link's token opens, while it can still be used. */
const usableBy = (token: string, now: Date) =>
  and(
    eq(employerAdmins.tokenHash, linkTokenHash(token, LINK_PURPOSE)),
    isNull(employerAdmins.acceptedAt),
    gt(employerAdmins.expiresAt, now),
  );

/**
 * What the invitation's page shows: the address it was sent to, the group, and whether the address
 * has an account already (then the person signs in with it to accept). The token is the invited
 * person's own: telling them their address has an account tells nobody else.
 */
export async function lookUpEmployerInvitation(deps: EmployerInvitationDeps, token: string) {
  const [found] = await deps.db
    .select({ email: employerAdmins.email, groupName: employerGroups.name })
    .from(employerAdmins)
    .innerJoin(employerGroups, eq(employerGroups.id, employerAdmins.groupId))
    .where(usableBy(token, deps.now?.() ?? new Date()));
  if (!found) throw invalidLink();
  return { ...found, hasAccount: Boolean(await accountWithEmail(deps.db, found.email)) };
}

/** Claims the link once (a second acceptance, at once or later, finds nothing), and gives it back should `use` fail. */
function spendInvitation<T>(deps: EmployerInvitationDeps, token: string, now: Date, use: (claimed: EmployerAdminRow) => Promise<T>) {
  return spendLink({
    claim: async () => {
      const [claimed] = await deps.db.update(employerAdmins).set({ acceptedAt: now }).where(usableBy(token, now)).returning();
      return claimed;
    },
    invalid: invalidLink,
    giveBack: (claimed) => deps.db.update(employerAdmins).set({ acceptedAt: null }).where(eq(employerAdmins.id, claimed.id)),
    use,
  });
}

/** The account becomes the group's admin: the invitation names it, and its role is an employer admin's. */
async function makeAdmin(tx: Executor, claimed: EmployerAdminRow, userId: string, now: Date) {
  await tx.update(employerAdmins).set({ userId }).where(eq(employerAdmins.id, claimed.id));
  await tx.update(users).set({ role: 'employer_admin', updatedAt: now }).where(eq(users.id, userId));
}

/**
 * Accepts an invitation by making the account, with the password chosen on the invitation's page:
 * the invited address becomes an employer admin of the group. An address that has an account
 * already signs in with it instead (409), and the link works again.
 */
export async function acceptEmployerInvitation(deps: EmployerInvitationDeps, token: string, password: string, ip: string | null) {
  const now = deps.now?.() ?? new Date();
  return spendInvitation(deps, token, now, async (claimed) => {
    if (await accountWithEmail(deps.db, claimed.email)) throw conflict('ACCOUNT_EXISTS', employerInvitationMessages.accountExists);
    const made = await deps.auth.api.signUpEmail({ body: { email: claimed.email, password, name: nameFromEmail(claimed.email) } });
    await deps.db.transaction(async (tx) => {
      await makeAdmin(tx, claimed, made.user.id, now);
      await auditGroup(
        tx,
        { user: { id: made.user.id, role: 'employer_admin' }, ip: ip ?? '' },
        'employer_group.admin_accept',
        claimed.groupId,
        {
          newAccount: true,
        },
      );
    });
    return { email: claimed.email };
  });
}

/**
 * Accepts an invitation with the account signed in: a member of the shop whose address the
 * invitation names becomes an employer admin of the group. The link is claimed first and given
 * back when the account may not accept: another address (the link was forwarded), a staff or
 * clinic account, or the admin of another group.
 */
export async function acceptEmployerInvitationSignedIn(
  deps: EmployerInvitationDeps,
  user: { id: string; email: string },
  token: string,
  ip: string | null,
) {
  const now = deps.now?.() ?? new Date();
  return spendInvitation(deps, token, now, async (claimed) => {
    if (claimed.email !== user.email.toLowerCase()) {
      throw new AppError(403, 'INVITATION_OTHER_EMAIL', employerInvitationMessages.otherAddress(claimed.email));
    }
    await deps.db.transaction(async (tx) => {
      // the account's row, locked: its role is what decides, and what changes
      const [account] = await tx.select({ role: users.role }).from(users).where(eq(users.id, user.id)).for('update');
      if (account?.role !== 'customer' && account?.role !== 'employer_admin') {
        throw new AppError(403, 'INVITATION_STAFF', employerInvitationMessages.staffAccount);
      }
      const [elsewhere] = await tx
        .select({ id: employerAdmins.id })
        .from(employerAdmins)
        .where(and(eq(employerAdmins.userId, user.id), sql`${employerAdmins.groupId} <> ${claimed.groupId}`));
      if (elsewhere) throw conflict('ADMIN_OF_ANOTHER_GROUP', employerInvitationMessages.adminElsewhere);
      await makeAdmin(tx, claimed, user.id, now);
      await auditGroup(
        tx,
        { user: { id: user.id, role: 'employer_admin' }, ip: ip ?? '' },
        'employer_group.admin_accept',
        claimed.groupId,
        {
          newAccount: false,
        },
      );
    });
    return { groupId: claimed.groupId };
  });
}
