import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import {
  censusChanges,
  censusKey,
  employerMessages,
  formatGiftCode,
  parseCensus,
  type CensusChanges,
  type CensusRow,
  type EmployerGroupInput,
} from '@shop/core';
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

const audit = (tx: Executor, actor: StaffActor, action: string, groupId: string, detail: Record<string, unknown> = {}) =>
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
    db.select({ n: count() }).from(employerCoveredOrders).where(eq(employerCoveredOrders.groupId, groupId)),
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
  await audit(tx, actor, 'employer_group.create', row.id, { slug: row.slug });
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
    await audit(tx, actor, 'employer_group.update', id, { ...input });
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
    await audit(tx, actor, 'employer_group.codes_mint', groupId, { batch, count: howMany });
    return { batch, codes: codes.map(formatGiftCode) };
  });
}

const asRow = (member: typeof employerCensusMembers.$inferSelect): CensusRow => ({
  firstName: member.firstName,
  lastName: member.lastName,
  email: member.email,
  employeeId: member.employeeId,
  dateOfBirth: member.dateOfBirth,
});

export interface CensusAnswer {
  applied: boolean;
  version: number;
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  /** a few of the lines that would change, by name: what the uploader checks before applying */
  preview: { change: 'added' | 'removed' | 'changed'; name: string }[];
}

function answerOf(changes: CensusChanges, applied: boolean, version: number): CensusAnswer {
  const named = (change: CensusAnswer['preview'][number]['change'], rows: CensusRow[]) =>
    rows.slice(0, 20).map((row) => ({ change, name: `${row.firstName} ${row.lastName}` }));
  return {
    applied,
    version,
    added: changes.added.length,
    removed: changes.removed.length,
    changed: changes.changed.length,
    unchanged: changes.unchanged,
    preview: [...named('added', changes.added), ...named('removed', changes.removed), ...named('changed', changes.changed)],
  };
}

/**
 * A census upload: checked whole (any bad line refuses the file, nothing changes), then either a
 * dry run that says what would change, or applied as the next version under the group's lock.
 * Employees who leave are marked removed in that version: they lose future cover, not past orders.
 */
export async function uploadCensus(
  db: Database,
  actor: StaffActor,
  groupId: string,
  input: { csv: string; dryRun: boolean; now?: Date },
): Promise<CensusAnswer> {
  const parsed = parseCensus(input.csv, input.now ?? new Date());
  if (!parsed.ok) throw new AppError(422, 'CENSUS_INVALID', `The census was not changed. ${parsed.errors.slice(0, 10).join('. ')}.`);
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
    if (group.eligibility !== 'census')
      throw conflict('ELIGIBILITY_METHOD', 'This group does not prove eligibility by census: it has no census.');
    const members = await tx.select().from(employerCensusMembers).where(eq(employerCensusMembers.groupId, groupId));
    const active = members.filter((member) => member.removedInVersion === null);
    const changes = censusChanges(active.map(asRow), parsed.rows);
    const [last] = await tx
      .select({ version: employerCensusUploads.version })
      .from(employerCensusUploads)
      .where(eq(employerCensusUploads.groupId, groupId))
      .orderBy(desc(employerCensusUploads.version))
      .limit(1);
    const version = (last?.version ?? 0) + 1;
    if (input.dryRun) return answerOf(changes, false, version - 1);

    const byKey = new Map(members.map((member) => [member.memberKey, member]));
    for (const row of [...changes.added, ...changes.changed]) {
      const key = censusKey(row);
      const known = byKey.get(key);
      if (known) {
        await tx
          .update(employerCensusMembers)
          .set({ ...row, removedInVersion: null, updatedAt: new Date() })
          .where(eq(employerCensusMembers.id, known.id));
      } else {
        await tx.insert(employerCensusMembers).values({ ...row, groupId, memberKey: key, addedInVersion: version });
      }
    }
    for (const row of changes.removed) {
      await tx
        .update(employerCensusMembers)
        .set({ removedInVersion: version, updatedAt: new Date() })
        .where(and(eq(employerCensusMembers.groupId, groupId), eq(employerCensusMembers.memberKey, censusKey(row))));
    }
    await tx.insert(employerCensusUploads).values({
      groupId,
      version,
      rowCount: parsed.rows.length,
      added: changes.added.length,
      removed: changes.removed.length,
      changed: changes.changed.length,
      uploadedBy: actor.user.id,
    });
    await audit(tx, actor, 'employer_group.census_upload', groupId, {
      version,
      added: changes.added.length,
      removed: changes.removed.length,
      changed: changes.changed.length,
    });
    return answerOf(changes, true, version);
  });
}
