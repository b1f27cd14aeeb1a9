import { and, count, eq, isNull, max, sql } from 'drizzle-orm';
import { employerMessages, formatGiftCode, type EmployerGroupInput } from '@shop/core';
import {
  employerCensusMembers,
  employerCensusUploads,
  employerCodes,
  employerCoveredOrders,
  employerEnrollments,
  employerGroups,
  type Database,
  type Executor,
} from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { mintEligibilityCode, hashEligibilityCode } from './codes.ts';
import type { EmployerGroupRow } from './enrollment.ts';

export interface StaffActor {
  user: { id: string; role?: string | null };
  ip: string;
}

/** An employer group's audit line, whoever acts on it: an operator in the console, an employer admin in the portal. */
export const auditGroup = (tx: Executor, actor: StaffActor, action: string, groupId: string, detail: Record<string, unknown> = {}) =>
  recordAudit(tx, {
    actor: { id: actor.user.id, role: actor.user.role ?? 'operator' },
    action,
    subjectType: 'employer_group',
    subjectId: groupId,
    detail,
    ip: actor.ip,
  });

/** A group as the console shows it: its settings, and counts that name nobody. */
export function consoleGroupView(
  group: EmployerGroupRow,
  figures: { codes: number; codesUsed: number; census: number; censusVersion: number; enrolled: number; covered: number },
) {
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    logoText: group.logoText,
    goals: group.goals,
    coverCents: group.coverCents,
    includesProgram: group.includesProgram,
    capEmployees: group.capEmployees,
    capSpendCents: group.capSpendCents,
    planYearStart: group.planYearStart,
    planYearEnd: group.planYearEnd,
    eligibility: group.eligibility,
    emailDomains: group.emailDomains,
    // the billing details its admins keep in the portal, printed on the invoices issued after
    billing: { address: group.billingAddress, email: group.billingEmail, poNumber: group.poNumber },
    ...figures,
  };
}

async function figuresOf(db: Executor, groupId: string) {
  const [codes, census, censusVersion, enrolled, covered] = await Promise.all([
    db
      .select({ all: count(), used: sql<number>`count(${employerCodes.usedByUserId})`.mapWith(Number) })
      .from(employerCodes)
      .where(eq(employerCodes.groupId, groupId)),
    db
      .select({ n: count() })
      .from(employerCensusMembers)
      .where(and(eq(employerCensusMembers.groupId, groupId), isNull(employerCensusMembers.removedInVersion))),
    db
      .select({ v: max(employerCensusUploads.version) })
      .from(employerCensusUploads)
      .where(eq(employerCensusUploads.groupId, groupId)),
    db.select({ n: count() }).from(employerEnrollments).where(eq(employerEnrollments.groupId, groupId)),
    db
      .select({ n: count() })
      .from(employerCoveredOrders)
      .where(and(eq(employerCoveredOrders.groupId, groupId), isNull(employerCoveredOrders.releasedAt))),
  ]);
  return {
    codes: codes[0]?.all ?? 0,
    codesUsed: codes[0]?.used ?? 0,
    census: census[0]?.n ?? 0,
    censusVersion: censusVersion[0]?.v ?? 0,
    enrolled: enrolled[0]?.n ?? 0,
    covered: covered[0]?.n ?? 0,
  };
}

export async function listGroups(db: Executor) {
  const groups = await db.select().from(employerGroups).orderBy(employerGroups.name);
  return Promise.all(groups.map(async (group) => consoleGroupView(group, await figuresOf(db, group.id))));
}

export async function consoleGroup(db: Executor, id: string) {
  const [group] = await db.select().from(employerGroups).where(eq(employerGroups.id, id));
  if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
  return consoleGroupView(group, await figuresOf(db, group.id));
}

const slugTaken = () => new AppError(409, 'SLUG_TAKEN', employerMessages.slugTaken);

/** Inserts a new group in the caller's transaction, audited; a taken slug is a 409. */
export async function insertGroup(tx: Executor, actor: StaffActor, input: EmployerGroupInput): Promise<string> {
  const [row] = await tx.insert(employerGroups).values(input).onConflictDoNothing({ target: employerGroups.slug }).returning();
  if (!row) throw slugTaken();
  await auditGroup(tx, actor, 'employer_group.create', row.id, { slug: row.slug });
  return row.id;
}

export async function createGroup(db: Database, actor: StaffActor, input: EmployerGroupInput) {
  const id = await db.transaction((tx) => insertGroup(tx, actor, input));
  return consoleGroup(db, id);
}

export async function updateGroup(db: Database, actor: StaffActor, id: string, input: EmployerGroupInput) {
  await db.transaction(async (tx) => {
    const [clash] = await tx.select({ id: employerGroups.id }).from(employerGroups).where(eq(employerGroups.slug, input.slug));
    if (clash && clash.id !== id) throw slugTaken();
    const [row] = await tx
      .update(employerGroups)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(employerGroups.id, id))
      .returning({ id: employerGroups.id });
    if (!row) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
    await auditGroup(tx, actor, 'employer_group.update', id, { ...input });
  });
  return consoleGroup(db, id);
}

/**
 * Mints a batch of single-use codes: shown in this answer once, kept as hashes only. Codes are
 * for groups that prove eligibility by code.
 */
export async function mintCodes(db: Database, actor: StaffActor, groupId: string, howMany: number) {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
    if (group.eligibility !== 'code')
      throw conflict('ELIGIBILITY_METHOD', 'This group does not prove eligibility by code: it has no codes.');
    const [last] = await tx
      .select({ batch: max(employerCodes.batch) })
      .from(employerCodes)
      .where(eq(employerCodes.groupId, groupId));
    const batch = (last?.batch ?? 0) + 1;
    const codes = Array.from({ length: howMany }, () => mintEligibilityCode());
    await tx.insert(employerCodes).values(codes.map((code) => ({ groupId, batch, codeHash: hashEligibilityCode(code) })));
    await auditGroup(tx, actor, 'employer_group.codes_mint', groupId, { batch, count: howMany });
    return { batch, codes: codes.map(formatGiftCode) };
  });
}
