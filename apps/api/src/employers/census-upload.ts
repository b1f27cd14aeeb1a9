import { and, desc, eq } from 'drizzle-orm';
import { censusChanges, employerMessages, parseCensus, type CensusChanges, type CensusRow } from '@shop/core';
import { employerCensusMembers, employerCensusUploads, employerGroups, type Database } from '@shop/db';
import { AppError, conflict, notFound } from '../errors.ts';
import type { CensusSealer } from './census-seal.ts';
import { auditGroup, type StaffActor } from './console.ts';

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

/** A row written before sealing keeps nothing of its clear columns once sealed. */
const inClear = { firstName: null, lastName: null, email: null, employeeId: null, dateOfBirth: null };

/** One reason a census was refused, with the line it is about (none for the file as a whole). */
export interface CensusProblem {
  line: number | null;
  message: string;
}

/** Core's reasons carry their line as words ("Line 7 …"); the portal shows each at its row. */
export function censusProblems(errors: readonly string[]): CensusProblem[] {
  return errors.map((message) => {
    const line = /^Line (\d+)\b/.exec(message)?.[1];
    if (line) return { line: Number(line), message };
    return { line: message.startsWith('The first line') ? 1 : null, message };
  });
}

/** A census the parser refused: every reason (the first few in the message), and nothing changed. */
export class CensusRefused extends AppError {
  constructor(readonly problems: CensusProblem[]) {
    super(
      422,
      'CENSUS_INVALID',
      `The census was not changed. ${problems
        .slice(0, 10)
        .map((problem) => problem.message)
        .join('. ')}.`,
    );
  }
}

/**
 * A census upload: checked whole (any bad line refuses the file, nothing changes), then either a
 * dry run that says what would change, or applied as the next version under the group's lock.
 * Employees who leave are marked removed in that version: they lose future cover, not past orders.
 * The console (an operator, any group) and the portal (an employer admin, their own) both upload
 * through here, so a census is versioned and audited the same whoever sends it. Every line is
 * written sealed: the table keeps only digests in clear (decision 0057).
 */
export async function uploadCensus(
  { db, census }: { db: Database; census: CensusSealer },
  actor: StaffActor,
  groupId: string,
  input: { csv: string; dryRun: boolean; now?: Date },
): Promise<CensusAnswer> {
  const parsed = parseCensus(input.csv, input.now ?? new Date());
  if (!parsed.ok) throw new CensusRefused(censusProblems(parsed.errors));
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
    if (group.eligibility !== 'census')
      throw conflict('ELIGIBILITY_METHOD', 'This group does not prove eligibility by census: it has no census.');
    const members = await tx.select().from(employerCensusMembers).where(eq(employerCensusMembers.groupId, groupId));
    const active = members.filter((member) => member.removedInVersion === null);
    const changes = censusChanges(
      active.map((member) => census.open(member)),
      parsed.rows,
    );
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
      const sealed = census.seal(groupId, row);
      const known = byKey.get(sealed.memberKey);
      if (known) {
        await tx
          .update(employerCensusMembers)
          .set({ ...sealed, ...inClear, removedInVersion: null, updatedAt: new Date() })
          .where(eq(employerCensusMembers.id, known.id));
      } else {
        await tx.insert(employerCensusMembers).values({ ...sealed, groupId, addedInVersion: version });
      }
    }
    for (const row of changes.removed) {
      await tx
        .update(employerCensusMembers)
        .set({ removedInVersion: version, updatedAt: new Date() })
        .where(and(eq(employerCensusMembers.groupId, groupId), eq(employerCensusMembers.memberKey, census.memberKeyOf(groupId, row))));
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
    await auditGroup(tx, actor, 'employer_group.census_upload', groupId, {
      version,
      added: changes.added.length,
      removed: changes.removed.length,
      changed: changes.changed.length,
    });
    return answerOf(changes, true, version);
  });
}
