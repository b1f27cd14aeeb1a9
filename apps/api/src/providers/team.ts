import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { CLINIC_INVITATION_DAYS, clinicRoleLabels, providerMessages, type ClinicRole } from '@shop/core';
import {
  clinicInvitations,
  clinicJoinRequests,
  clinicMembers,
  clinics,
  users,
  type ClinicInvitationRow,
  type Database,
  type Executor,
  type Transaction,
} from '@shop/db';
import { accountWithEmail } from '../auth/accounts.ts';
import { nameFromEmail } from '../checkout/account.ts';
import { recordAudit } from '../audit/log.ts';
import type { Auth } from '../auth/auth.ts';
import { enqueueEmail } from '../email/queue.ts';
import { clinicInvitationEmail, joinAnswerEmail } from '../email/provider-templates.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { invitationStatus, linkTokenHash, mintLink, spendLink } from '../invitations/single-use-links.ts';
import { isRowId } from '../validation.ts';
import { accountRoleFor, addMember, adminCount, auditActor, type ClinicMember } from './members.ts';

export interface TeamDeps {
  db: Database;
  auth: Auth;
  publicUrl: string;
  emailSecrets: SecretSealer;
  now?: () => Date;
}

const invitationMissing = () => notFound('INVITATION_NOT_FOUND', 'We could not find this invitation.');
const memberMissing = () => notFound('MEMBER_NOT_FOUND', 'We could not find this member of your clinic.');
const requestMissing = () => notFound('JOIN_REQUEST_NOT_FOUND', 'We could not find this request to join.');
const invalidLink = () => new AppError(410, 'INVITATION_INVALID', providerMessages.invitationInvalid);

const newLink = (now: Date) => mintLink(now, CLINIC_INVITATION_DAYS);

/** The clinic's team: its members; for an admin, its invitations and the requests to join waiting too. */
export async function teamOf(deps: TeamDeps, member: ClinicMember) {
  const now = deps.now?.() ?? new Date();
  const members = await deps.db
    .select({ id: clinicMembers.id, role: clinicMembers.role, name: users.name, email: users.email, since: clinicMembers.createdAt })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(eq(clinicMembers.clinicId, member.clinicId))
    .orderBy(asc(clinicMembers.createdAt));
  const admin = member.role === 'admin';
  const invitations = admin
    ? await deps.db
        .select()
        .from(clinicInvitations)
        .where(
          and(eq(clinicInvitations.clinicId, member.clinicId), isNull(clinicInvitations.acceptedAt), isNull(clinicInvitations.revokedAt)),
        )
        .orderBy(desc(clinicInvitations.createdAt))
    : [];
  const joinRequests = admin
    ? await deps.db
        .select({ id: clinicJoinRequests.id, name: users.name, email: users.email, createdAt: clinicJoinRequests.createdAt })
        .from(clinicJoinRequests)
        .innerJoin(users, eq(users.id, clinicJoinRequests.userId))
        .where(and(eq(clinicJoinRequests.clinicId, member.clinicId), eq(clinicJoinRequests.status, 'pending')))
        .orderBy(asc(clinicJoinRequests.createdAt))
    : [];
  return {
    members: members.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role as ClinicRole,
      since: row.since.toISOString(),
      you: row.id === member.memberId,
    })),
    invitations: invitations.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role as ClinicRole,
      status: invitationStatus(row, now),
      expiresAt: row.expiresAt.toISOString(),
    })),
    joinRequests: joinRequests.map((row) => ({ id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString() })),
  };
}

async function sendInvitation(deps: TeamDeps, executor: Executor, member: ClinicMember, row: ClinicInvitationRow, token: string) {
  const url = `${deps.publicUrl}/providers/invitation?token=${encodeURIComponent(token)}`;
  const email = clinicInvitationEmail({
    to: row.email,
    name: row.name,
    clinicName: member.clinic.name,
    roleLabel: clinicRoleLabels[row.role as ClinicRole] ?? row.role,
    inviterName: member.user.name || member.clinic.name,
    url,
    validDays: CLINIC_INVITATION_DAYS,
  });
  await enqueueEmail(executor, deps.emailSecrets.seal(email));
}

/** Finds one of the clinic's invitations under its lock: another clinic's is not found. */
async function lockInvitation(db: Executor, member: ClinicMember, id: string) {
  if (!isRowId(id)) throw invitationMissing();
  const [row] = await db
    .select()
    .from(clinicInvitations)
    .where(and(eq(clinicInvitations.id, id), eq(clinicInvitations.clinicId, member.clinicId)))
    .for('update');
  if (!row) throw invitationMissing();
  return row;
}

/** Invites a person by e-mail; an address with an invitation waiting gets a new link and the old one stops working. */
export async function invite(deps: TeamDeps, member: ClinicMember, input: { email: string; name: string; role: ClinicRole }) {
  const now = deps.now?.() ?? new Date();
  const email = input.email.toLowerCase();
  const [already] = await deps.db
    .select({ id: clinicMembers.id })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(and(eq(clinicMembers.clinicId, member.clinicId), sql`lower(${users.email}) = ${email}`));
  if (already) throw conflict('ALREADY_A_MEMBER', 'This person is already a member of your clinic.');
  const { token, tokenHash, expiresAt } = newLink(now);
  await deps.db.transaction(async (tx) => {
    const [waiting] = await tx
      .select()
      .from(clinicInvitations)
      .where(
        and(
          eq(clinicInvitations.clinicId, member.clinicId),
          sql`lower(${clinicInvitations.email}) = ${email}`,
          isNull(clinicInvitations.acceptedAt),
          isNull(clinicInvitations.revokedAt),
        ),
      )
      .for('update');
    const values = { name: input.name, role: input.role, tokenHash, expiresAt, invitedBy: member.user.id, updatedAt: now };
    const [row] = waiting
      ? await tx.update(clinicInvitations).set(values).where(eq(clinicInvitations.id, waiting.id)).returning()
      : await tx
          .insert(clinicInvitations)
          .values({ ...values, clinicId: member.clinicId, email, createdAt: now })
          .returning();
    await sendInvitation(deps, tx, member, row!, token);
    await recordAudit(tx, {
      actor: auditActor(member),
      action: waiting ? 'provider.invitation_resend' : 'provider.invite',
      subjectType: 'clinic_invitation',
      subjectId: row!.id,
      detail: { clinicId: member.clinicId, email, role: input.role },
      ip: member.ip,
    });
  });
  return teamOf(deps, member);
}

/** A new link for an invitation not yet accepted nor revoked (an expired one comes back to life); the old link stops working. */
export async function resendInvitation(deps: TeamDeps, member: ClinicMember, id: string) {
  const now = deps.now?.() ?? new Date();
  const { token, tokenHash, expiresAt } = newLink(now);
  await deps.db.transaction(async (tx) => {
    const row = await lockInvitation(tx, member, id);
    if (row.acceptedAt || row.revokedAt) throw conflict('INVITATION_CLOSED', 'This invitation was already accepted or revoked.');
    const [updated] = await tx
      .update(clinicInvitations)
      .set({ tokenHash, expiresAt, updatedAt: now })
      .where(eq(clinicInvitations.id, id))
      .returning();
    await sendInvitation(deps, tx, member, updated!, token);
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.invitation_resend',
      subjectType: 'clinic_invitation',
      subjectId: id,
      detail: { clinicId: member.clinicId, email: row.email, role: row.role },
      ip: member.ip,
    });
  });
  return teamOf(deps, member);
}

export async function revokeInvitation(deps: TeamDeps, member: ClinicMember, id: string) {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const row = await lockInvitation(tx, member, id);
    if (row.acceptedAt) throw conflict('INVITATION_ACCEPTED', 'This invitation was already accepted: remove the member instead.');
    if (row.revokedAt) return;
    await tx.update(clinicInvitations).set({ revokedAt: now, updatedAt: now }).where(eq(clinicInvitations.id, id));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.invitation_revoke',
      subjectType: 'clinic_invitation',
      subjectId: id,
      detail: { clinicId: member.clinicId, email: row.email, role: row.role },
      ip: member.ip,
    });
  });
  return teamOf(deps, member);
}

/**
 * A member of the clinic, under the clinic's row lock: the lock two removals or role changes of its
 * last two admins queue on, so that one admin always stays.
 */
async function lockedMemberOf(tx: Transaction, clinicId: string, id: string) {
  await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, clinicId)).for('update');
  const [row] = await tx
    .select()
    .from(clinicMembers)
    .where(and(eq(clinicMembers.id, id), eq(clinicMembers.clinicId, clinicId)));
  if (!row) throw memberMissing();
  return row;
}

/** Removes a member from the clinic: their account stays, as a customer's. The last admin stays. */
export async function removeMember(deps: TeamDeps, member: ClinicMember, id: string) {
  if (!isRowId(id)) throw memberMissing();
  await deps.db.transaction(async (tx) => {
    const row = await lockedMemberOf(tx, member.clinicId, id);
    if (row.role === 'admin' && (await adminCount(tx, member.clinicId)) <= 1) throw conflict('LAST_ADMIN', providerMessages.lastAdmin);
    await tx.delete(clinicMembers).where(eq(clinicMembers.id, id));
    await tx.update(users).set({ role: 'customer', updatedAt: new Date() }).where(eq(users.id, row.userId));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.member_remove',
      subjectType: 'clinic_member',
      subjectId: id,
      detail: { clinicId: member.clinicId, userId: row.userId, role: row.role },
      ip: member.ip,
    });
  });
  return teamOf(deps, member);
}

/**
 * An admin changes a member's role (admin, practitioner, staff), and the account's role with it.
 * The last admin keeps the role; the clinic's row is the lock two such changes queue on.
 */
export async function changeMemberRole(deps: TeamDeps, member: ClinicMember, id: string, role: ClinicRole) {
  if (!isRowId(id)) throw memberMissing();
  await deps.db.transaction(async (tx) => {
    const row = await lockedMemberOf(tx, member.clinicId, id);
    if (row.role === role) return;
    if (row.role === 'admin' && (await adminCount(tx, member.clinicId)) <= 1) {
      throw conflict('LAST_ADMIN', providerMessages.lastAdminRole);
    }
    await tx.update(clinicMembers).set({ role }).where(eq(clinicMembers.id, id));
    await tx
      .update(users)
      .set({ role: accountRoleFor(role), updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.member_role',
      subjectType: 'clinic_member',
      subjectId: id,
      detail: { clinicId: member.clinicId, userId: row.userId, from: row.role, to: role },
      ip: member.ip,
    });
  });
  return teamOf(deps, member);
}

/** An admin's answer to a request to join: approved, the account becomes a member with the role chosen. */
export async function decideJoinRequest(
  deps: TeamDeps,
  member: ClinicMember,
  id: string,
  decision: 'approve' | 'decline',
  role?: ClinicRole,
) {
  if (!isRowId(id)) throw requestMissing();
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(clinicJoinRequests)
      .where(and(eq(clinicJoinRequests.id, id), eq(clinicJoinRequests.clinicId, member.clinicId)))
      .for('update');
    if (!row) throw requestMissing();
    if (row.status !== 'pending') throw conflict('JOIN_REQUEST_DECIDED', 'This request was already answered.');
    if (decision === 'approve') {
      const [elsewhere] = await tx.select({ id: clinicMembers.id }).from(clinicMembers).where(eq(clinicMembers.userId, row.userId));
      if (elsewhere) throw conflict('ALREADY_A_MEMBER', 'This person is already a member of a clinic.');
      await addMember(tx, member.clinicId, row.userId, role ?? 'practitioner');
    }
    await tx
      .update(clinicJoinRequests)
      .set({ status: decision === 'approve' ? 'approved' : 'declined', decidedBy: member.user.id, decidedAt: now })
      .where(eq(clinicJoinRequests.id, id));
    const [requester] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId));
    if (requester) {
      const answer = joinAnswerEmail({
        to: requester.email,
        name: requester.name,
        clinicName: member.clinic.name,
        approved: decision === 'approve',
        roleLabel: clinicRoleLabels[role ?? 'practitioner'],
        url: `${deps.publicUrl}/providers/dashboard`,
      });
      await enqueueEmail(tx, deps.emailSecrets.seal(answer));
    }
    await recordAudit(tx, {
      actor: auditActor(member),
      action: decision === 'approve' ? 'provider.join_approve' : 'provider.join_decline',
      subjectType: 'clinic_join_request',
      subjectId: id,
      detail: { clinicId: member.clinicId, userId: row.userId, ...(decision === 'approve' ? { role: role ?? 'practitioner' } : {}) },
      ip: member.ip,
    });
  });
  return teamOf(deps, member);
}

/** The invitation a link's token opens, while it can still be used. */
const usableBy = (token: string, now: Date) =>
  and(
    eq(clinicInvitations.tokenHash, linkTokenHash(token)),
    isNull(clinicInvitations.acceptedAt),
    isNull(clinicInvitations.revokedAt),
    gt(clinicInvitations.expiresAt, now),
  );

async function usableInvitation(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: clinicInvitations, clinicName: clinics.name })
    .from(clinicInvitations)
    .innerJoin(clinics, eq(clinics.id, clinicInvitations.clinicId))
    .where(usableBy(token, now));
  return row;
}

/**
 * What the acceptance page shows before the password is chosen, and whether the invited address
 * has an account already (then the invitee signs in with it to join, rather than making one). The
 * token is the invitee's own: telling them their address has an account tells nobody else.
 */
export async function lookUpInvitation(deps: TeamDeps, token: string) {
  const found = await usableInvitation(deps.db, token, deps.now?.() ?? new Date());
  if (!found) throw invalidLink();
  const role = found.invitation.role as ClinicRole;
  return {
    email: found.invitation.email,
    name: found.invitation.name,
    clinicName: found.clinicName,
    role,
    roleLabel: clinicRoleLabels[role],
    hasAccount: Boolean(await accountWithEmail(deps.db, found.invitation.email)),
  };
}

/**
 * Spends an invitation's link once: the row is claimed first (a second acceptance, at once or later,
 * finds nothing), `use` joins the person, and should it fail the claim is given back so the link
 * works again.
 */
function spendInvitation<T>(deps: TeamDeps, token: string, now: Date, use: (claimed: ClinicInvitationRow) => Promise<T>): Promise<T> {
  return spendLink({
    claim: async () => {
      const [claimed] = await deps.db
        .update(clinicInvitations)
        .set({ acceptedAt: now, updatedAt: now })
        .where(usableBy(token, now))
        .returning();
      return claimed;
    },
    invalid: invalidLink,
    giveBack: (claimed) =>
      deps.db.update(clinicInvitations).set({ acceptedAt: null, updatedAt: now }).where(eq(clinicInvitations.id, claimed.id)),
    use,
  });
}

/**
 * Accepts an invitation once: the row is claimed first (a second acceptance, at once or later,
 * finds nothing), then the account is made with the chosen password and joins the clinic with the
 * invited role. Should the account not be made, the claim is given back so the link works again.
 */
export async function acceptInvitation(deps: TeamDeps, token: string, password: string, ip: string | null) {
  const now = deps.now?.() ?? new Date();
  const row = await spendInvitation(deps, token, now, async (claimed) => {
    if (await accountWithEmail(deps.db, claimed.email)) throw conflict('ACCOUNT_EXISTS', providerMessages.invitedAccountExists);
    const made = await deps.auth.api.signUpEmail({ body: { email: claimed.email, password, name: claimed.name } });
    const userId = made.user.id;
    await deps.db.transaction(async (tx) => {
      const member = await addMember(tx, claimed.clinicId, userId, claimed.role as ClinicRole);
      await tx.update(clinicInvitations).set({ userId, updatedAt: now }).where(eq(clinicInvitations.id, claimed.id));
      await recordAudit(tx, {
        actor: { id: userId, role: accountRoleFor(claimed.role as ClinicRole) },
        action: 'provider.invitation_accept',
        subjectType: 'clinic_invitation',
        subjectId: claimed.id,
        detail: { clinicId: claimed.clinicId, memberId: member.id, role: claimed.role },
        ip,
      });
    });
    return claimed;
  });
  return { email: row.email };
}

/**
 * Accepts an invitation with the account the invitee is signed in with: a customer of the shop
 * whose address the invitation names joins the clinic with the invited role, keeping their own
 * orders and results. The link is claimed first, as for a new account, and given back when the
 * account may not join: another address (the link was forwarded), or an account that is already a
 * member of a clinic or has another role (staff, an affiliate, an employer admin).
 */
export async function acceptInvitationSignedIn(deps: TeamDeps, token: string, user: { id: string; email: string }, ip: string | null) {
  const now = deps.now?.() ?? new Date();
  const row = await spendInvitation(deps, token, now, async (claimed) => {
    if (claimed.email.toLowerCase() !== user.email.toLowerCase()) {
      throw conflict('INVITATION_OTHER_ACCOUNT', providerMessages.invitationOtherAccount);
    }
    await deps.db.transaction(async (tx) => {
      // the account's row, locked: its role is what decides, and what changes
      const [account] = await tx
        .select({ role: users.role, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, user.id))
        .for('update');
      const [elsewhere] = await tx.select({ id: clinicMembers.id }).from(clinicMembers).where(eq(clinicMembers.userId, user.id));
      if (account?.role !== 'customer' || elsewhere) throw conflict('ACCOUNT_CANNOT_JOIN', providerMessages.invitedAccountCannotJoin);
      const member = await addMember(tx, claimed.clinicId, user.id, claimed.role as ClinicRole);
      // an account made at the checkout has its address for a name: the clinic's team knows the
      // person by the name they were invited with (a name the person gave is kept)
      if (account.name === nameFromEmail(account.email)) {
        await tx.update(users).set({ name: claimed.name, updatedAt: now }).where(eq(users.id, user.id));
      }
      await tx.update(clinicInvitations).set({ userId: user.id, updatedAt: now }).where(eq(clinicInvitations.id, claimed.id));
      await recordAudit(tx, {
        actor: { id: user.id, role: accountRoleFor(claimed.role as ClinicRole) },
        action: 'provider.invitation_accept',
        subjectType: 'clinic_invitation',
        subjectId: claimed.id,
        detail: { clinicId: claimed.clinicId, memberId: member.id, role: claimed.role, existingAccount: true },
        ip,
      });
    });
    return claimed;
  });
  return { email: row.email };
}
