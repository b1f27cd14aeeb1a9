import { STAFF_INVITATION_DAYS, staffInvitationMessages, staffRoleLabels, type StaffInviteRole } from '@shop/core';
import type { Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { accountWithEmail } from '../auth/accounts.ts';
import type { Auth } from '../auth/auth.ts';
import { staffInvitationEmail } from '../email/staff-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { invitationStatus, linkTokenHash, mintLink, spendLink } from '../invitations/single-use-links.ts';
import type { Actor } from '../orders/lifecycle.ts';
import { isRowId } from '../validation.ts';
import {
  claimInvitation,
  insertInvitation,
  lockInvitation,
  pendingInvitationFor,
  recentInvitations,
  setRole,
  updateInvitation,
  usableInvitation,
  type InvitationRow,
} from './repository.ts';

export interface StaffDeps {
  db: Database;
  auth: Auth;
  publicUrl: string;
  emailSecrets: SecretSealer;
  now?: () => Date;
}

const invitationMissing = () => notFound('INVITATION_NOT_FOUND', 'We could not find this invitation.');
const invalidLink = () => new AppError(410, 'INVITATION_INVALID', staffInvitationMessages.invalid);

const newLink = (now: Date) => mintLink(now, STAFF_INVITATION_DAYS);

async function sendInvitation(
  deps: StaffDeps,
  executor: Parameters<typeof enqueueEmail>[0],
  row: InvitationRow,
  token: string,
  inviterName: string,
) {
  const url = `${deps.publicUrl}/staff-invitation?token=${encodeURIComponent(token)}`;
  const email = staffInvitationEmail({
    to: row.email,
    name: row.name,
    roleLabel: staffRoleLabels[row.role as StaffInviteRole] ?? row.role,
    inviterName,
    url,
    validDays: STAFF_INVITATION_DAYS,
  });
  await enqueueEmail(executor, deps.emailSecrets.seal(email));
}

export async function listInvitations(deps: StaffDeps) {
  const now = deps.now?.() ?? new Date();
  const rows = await recentInvitations(deps.db);
  return {
    invitations: rows.map(({ invitation, inviterName }) => ({
      id: invitation.id,
      email: invitation.email,
      name: invitation.name,
      role: invitation.role as StaffInviteRole,
      status: invitationStatus(invitation, now),
      invitedBy: inviterName ?? null,
      expiresAt: invitation.expiresAt.toISOString(),
      createdAt: invitation.createdAt.toISOString(),
    })),
  };
}

/**
 * Invites a person to the team: an address that already has an account is refused (its role is
 * changed, not invited); one with an invitation waiting gets a new link, the old one stops working.
 */
export async function invite(deps: StaffDeps, actor: Actor, input: { email: string; name: string; role: StaffInviteRole }) {
  const now = deps.now?.() ?? new Date();
  if (await accountWithEmail(deps.db, input.email)) throw conflict('ACCOUNT_EXISTS', staffInvitationMessages.accountExists);
  const { token, tokenHash, expiresAt } = newLink(now);
  await deps.db.transaction(async (tx) => {
    const waiting = await pendingInvitationFor(tx, input.email);
    const row = waiting
      ? await updateInvitation(tx, waiting.id, {
          name: input.name,
          role: input.role,
          tokenHash,
          expiresAt,
          invitedBy: actor.user.id,
          updatedAt: now,
        })
      : await insertInvitation(tx, {
          email: input.email,
          name: input.name,
          role: input.role,
          tokenHash,
          expiresAt,
          invitedBy: actor.user.id,
          createdAt: now,
          updatedAt: now,
        });
    await sendInvitation(deps, tx, row, token, actor.user.name || 'The Base team');
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: waiting ? 'staff.invitation_resend' : 'staff.invite',
      subjectType: 'staff_invitation',
      subjectId: row.id,
      detail: { email: row.email, role: row.role },
      ip: actor.ip,
    });
  });
  return listInvitations(deps);
}

/** A new link for an invitation not yet accepted nor revoked (an expired one comes back to life); the old link stops working. */
export async function resendInvitation(deps: StaffDeps, actor: Actor, id: string) {
  const now = deps.now?.() ?? new Date();
  if (!isRowId(id)) throw invitationMissing();
  const { token, tokenHash, expiresAt } = newLink(now);
  await deps.db.transaction(async (tx) => {
    const row = await lockInvitation(tx, id);
    if (!row) throw invitationMissing();
    if (row.acceptedAt || row.revokedAt) throw conflict('INVITATION_CLOSED', 'This invitation was already accepted or revoked.');
    const updated = await updateInvitation(tx, id, { tokenHash, expiresAt, updatedAt: now });
    await sendInvitation(deps, tx, updated, token, actor.user.name || 'The Base team');
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'staff.invitation_resend',
      subjectType: 'staff_invitation',
      subjectId: id,
      detail: { email: row.email, role: row.role },
      ip: actor.ip,
    });
  });
  return listInvitations(deps);
}

export async function revokeInvitation(deps: StaffDeps, actor: Actor, id: string) {
  const now = deps.now?.() ?? new Date();
  if (!isRowId(id)) throw invitationMissing();
  await deps.db.transaction(async (tx) => {
    const row = await lockInvitation(tx, id);
    if (!row) throw invitationMissing();
    if (row.acceptedAt) throw conflict('INVITATION_ACCEPTED', 'This invitation was already accepted: change the account’s role instead.');
    if (row.revokedAt) return;
    await updateInvitation(tx, id, { revokedAt: now, updatedAt: now });
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'staff.invitation_revoke',
      subjectType: 'staff_invitation',
      subjectId: id,
      detail: { email: row.email, role: row.role },
      ip: actor.ip,
    });
  });
  return listInvitations(deps);
}

/** What the acceptance page shows before the password is chosen. */
export async function lookUpInvitation(deps: StaffDeps, token: string) {
  const row = await usableInvitation(deps.db, linkTokenHash(token), deps.now?.() ?? new Date());
  if (!row) throw invalidLink();
  return { email: row.email, name: row.name, role: row.role as StaffInviteRole, roleLabel: staffRoleLabels[row.role as StaffInviteRole] };
}

/**
 * Accepts an invitation once: the row is claimed first (a second acceptance, at once or later,
 * finds nothing), then the account is made with the chosen password and the invitation's role.
 * Should the account not be made, the claim is given back so the link can be used again.
 */
export async function acceptInvitation(deps: StaffDeps, token: string, password: string, ip: string | null) {
  const now = deps.now?.() ?? new Date();
  const row = await spendLink({
    claim: () => claimInvitation(deps.db, linkTokenHash(token), now),
    invalid: invalidLink,
    giveBack: (claimed) => updateInvitation(deps.db, claimed.id, { acceptedAt: null, updatedAt: now }),
    use: async (claimed) => {
      if (await accountWithEmail(deps.db, claimed.email)) throw conflict('ACCOUNT_EXISTS', staffInvitationMessages.accountExists);
      await deps.auth.api.signUpEmail({ body: { email: claimed.email, password, name: claimed.name } });
      const account = await setRole(deps.db, claimed.email, claimed.role);
      await deps.db.transaction(async (tx) => {
        await updateInvitation(tx, claimed.id, { userId: account?.id ?? null, updatedAt: now });
        await recordAudit(tx, {
          actor: { id: account?.id ?? null, role: claimed.role },
          action: 'staff.invitation_accept',
          subjectType: 'staff_invitation',
          subjectId: claimed.id,
          detail: { email: claimed.email, role: claimed.role },
          ip,
        });
      });
      return claimed;
    },
  });
  return { email: row.email, message: 'Your account is ready. Sign in with your e-mail address and the password you chose.' };
}
