import { and, eq, sql } from 'drizzle-orm';
import type { ClinicRole } from '@shop/core';
import { clinicMembers, clinics, users, type ClinicRow, type Executor } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import type { Role } from '../auth/session.ts';
import { recordAudit, type AuditEntry } from '../audit/log.ts';

/**
 * The account's role for a clinic role (docs/decisions/0031-provider-clinics-and-roles.md): admins are
 * `provider_admin`, practitioners and staff `provider_staff`; the clinic role itself is the member's.
 */
export function accountRoleFor(role: ClinicRole): Role {
  return role === 'admin' ? 'provider_admin' : 'provider_staff';
}

/** Who is asking inside the provider area: the member, their clinic and their role there, from the session alone. */
export interface ClinicMember {
  memberId: string;
  clinicId: string;
  role: ClinicRole;
  clinic: ClinicRow;
  user: SessionUser;
  ip: string | null;
}

export async function membershipOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ member: clinicMembers, clinic: clinics })
    .from(clinicMembers)
    .innerJoin(clinics, eq(clinics.id, clinicMembers.clinicId))
    .where(eq(clinicMembers.userId, userId));
  return row;
}

/** Makes the account a member of the clinic with the role, and gives the account the matching role. */
export async function addMember(db: Executor, clinicId: string, userId: string, role: ClinicRole) {
  const [member] = await db.insert(clinicMembers).values({ clinicId, userId, role }).returning();
  await db
    .update(users)
    .set({ role: accountRoleFor(role), updatedAt: new Date() })
    .where(eq(users.id, userId));
  return member!;
}

export async function adminCount(db: Executor, clinicId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(clinicMembers)
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.role, 'admin')));
  return row?.count ?? 0;
}

/** The actor of an audit line written by a member. */
export function auditActor(member: ClinicMember) {
  return { id: member.user.id, role: member.user.role ?? 'unknown' };
}

/** The audit line of a member's action on one of the clinic's things: the clinic is in every line's detail. */
export function auditMemberAction(
  tx: Executor,
  member: ClinicMember,
  action: string,
  subject: { type: AuditEntry['subjectType']; id: string },
  detail: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actor: auditActor(member),
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    detail: { clinicId: member.clinicId, ...detail },
    ip: member.ip,
  });
}

/**
 * Who hears of an order of the clinic: the member who placed it, or the clinic's admins once that
 * member has left, so the news still reaches the clinic.
 */
export async function ordererOrAdmins(db: Executor, clinicId: string, createdBy: string | null): Promise<{ email: string }[]> {
  const orderer = createdBy
    ? await db
        .select({ email: users.email })
        .from(clinicMembers)
        .innerJoin(users, eq(users.id, clinicMembers.userId))
        .where(and(eq(clinicMembers.id, createdBy), eq(clinicMembers.clinicId, clinicId)))
    : [];
  if (orderer.length > 0) return orderer;
  return db
    .select({ email: users.email })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.role, 'admin')));
}
