import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  bankLevels,
  capWords,
  eligibilityInstructions,
  eligibilityMethods,
  employerRevocationMessages,
  launchAnnouncement,
  revocationRefusal,
  type EligibilityMethod,
  type EmployerRevocation,
} from '@shop/core';
import { employerAdmins, employerGroups, users, type Database } from '@shop/db';
import { z } from 'zod';
import { bankNoticeView } from '../employer-cover/bank-notices.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { adminGroupOf } from './portal.ts';
import { auditGroup, type StaffActor } from './console.ts';
import { publicGroupView } from './enrollment.ts';

export const launchKitSchema = z.object({
  groupName: z.string(),
  /** the employees' page, whole: what the benefits team shares */
  link: z.string(),
  cover: z.string(),
  fullyCovered: z.boolean(),
  includesProgram: z.boolean(),
  goals: z.array(z.object({ title: z.string(), starterTest: z.string() })),
  caps: z.string().nullable(),
  planYearStart: z.string(),
  planYearEnd: z.string(),
  eligibility: z.enum(eligibilityMethods),
  eligibilityInstructions: z.string(),
  emailDomains: z.array(z.string()),
  announcement: z.object({ subject: z.string(), body: z.string() }),
});

export const bankNoticeSchema = z.object({
  level: z.enum(bankLevels).nullable(),
  message: z.string().nullable(),
  lowBelowCoveredOrders: z.number().int(),
});

/**
 * The launch kit of the admin's own group: the employees' link, what the group covers as its record
 * and the cover decision read it (the goals' starter tests, all of a test or up to an amount, the
 * program, caps, plan year, how eligibility is proven) and the announcement to send. It names no
 * employee: it is what every employee of the group reads on its page.
 */
export async function launchKitOf(db: Database, userId: string, publicUrl: string) {
  const group = await adminGroupOf(db, userId);
  const view = publicGroupView(group);
  const link = `${publicUrl}/b2b/${encodeURIComponent(group.slug)}`;
  const goals = view.goals.map((goal) => ({ title: goal.title, starterTest: goal.starterTest }));
  const kit = {
    groupName: group.name,
    link,
    cover: view.cover,
    goals,
    planYearStart: group.planYearStart,
    planYearEnd: group.planYearEnd,
    eligibility: group.eligibility as EligibilityMethod,
    emailDomains: view.emailDomains,
  };
  return {
    ...kit,
    fullyCovered: view.fullyCovered,
    includesProgram: view.includesProgram,
    caps: capWords(group.capEmployees, group.capSpendCents),
    eligibilityInstructions: eligibilityInstructions(kit.eligibility, kit.emailDomains),
    announcement: launchAnnouncement(kit),
  };
}

/** The portal's banner of a prepaid bank: low, empty, or nothing (its level only, never its balance). */
export async function bankNoticeOf(db: Database, userId: string) {
  return bankNoticeView(await adminGroupOf(db, userId));
}

/**
 * Revokes an admin of a group (decision 0086): an invitation still open is deleted (its link no
 * longer opens anything), an admin who accepted is removed and their account is an employer admin
 * no more, so the portal's guard refuses their very next request. Under the group's row lock, as
 * invitations take it: the group never loses its last admin, and `actorUserId` (an admin of the
 * group; null for an operator) never removes themselves. Audited on the group.
 */
export async function revokeEmployerAdmin(
  db: Database,
  actor: StaffActor,
  revoke: { groupId: string; email: string; actorUserId: string | null },
): Promise<{ email: string; outcome: EmployerRevocation }> {
  const email = revoke.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: employerGroups.id })
      .from(employerGroups)
      .where(eq(employerGroups.id, revoke.groupId))
      .for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerRevocationMessages.notFound);
    const [target] = await tx
      .select()
      .from(employerAdmins)
      .where(and(eq(employerAdmins.groupId, group.id), eq(employerAdmins.email, email)));
    if (!target) throw notFound('EMPLOYER_ADMIN_NOT_FOUND', employerRevocationMessages.notFound);
    const accepted = target.acceptedAt !== null;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(employerAdmins)
      .where(and(eq(employerAdmins.groupId, group.id), isNotNull(employerAdmins.acceptedAt)));
    const refusal = revocationRefusal({ accepted, userId: target.userId }, revoke.actorUserId, n);
    if (refusal === 'self') throw new AppError(409, 'CANNOT_REMOVE_SELF', employerRevocationMessages.self);
    if (refusal === 'lastAdmin') throw conflict('LAST_EMPLOYER_ADMIN', employerRevocationMessages.lastAdmin);
    await tx.delete(employerAdmins).where(eq(employerAdmins.id, target.id));
    if (accepted && target.userId) {
      // an account admins one group: without this row it is a customer again, refused by the portal's guard
      await tx
        .update(users)
        .set({ role: 'customer', updatedAt: new Date() })
        .where(and(eq(users.id, target.userId), eq(users.role, 'employer_admin')));
    }
    const outcome: EmployerRevocation = accepted ? 'admin_removed' : 'invitation_revoked';
    await auditGroup(tx, actor, accepted ? 'employer_group.admin_remove' : 'employer_group.admin_revoke', group.id, { email });
    return { email, outcome };
  });
}
