import { and, desc, eq, sql } from 'drizzle-orm';
import { employerAdmins, employerCensusUploads, employerCodes, type Database, type Executor } from '@shop/db';
import type { CensusSealer } from './census-seal.ts';
import { uploadCensus } from './census-upload.ts';
import { mintCodes, type StaffActor } from './console.ts';
import { countedByEmployer } from './counted.ts';
import { adminGroupOf, endedMonthEnds, figure } from './portal.ts';

/** An employer admin acting in the portal: their account, and the group their session names. */
export interface PortalActor extends StaffActor {
  groupId: string;
}

export async function portalActorOf(db: Executor, user: StaffActor['user'], ip: string): Promise<PortalActor> {
  return { user, ip, groupId: (await adminGroupOf(db, user.id)).id };
}

/**
 * The group's census as its admin sees it: the version in force, how many employees it lists, when
 * and by whom it was uploaded. An upload by Base's staff is shown as "Base": the portal names no
 * operator. Nobody of the census is listed here.
 */
export async function portalCensusOf(db: Executor, groupId: string) {
  const [last] = await db
    .select({
      version: employerCensusUploads.version,
      rowCount: employerCensusUploads.rowCount,
      uploadedAt: employerCensusUploads.createdAt,
      adminEmail: employerAdmins.email,
    })
    .from(employerCensusUploads)
    .leftJoin(
      employerAdmins,
      and(eq(employerAdmins.userId, employerCensusUploads.uploadedBy), eq(employerAdmins.groupId, employerCensusUploads.groupId)),
    )
    .where(eq(employerCensusUploads.groupId, groupId))
    .orderBy(desc(employerCensusUploads.version))
    .limit(1);
  if (!last) return { version: 0, rowCount: 0, uploadedAt: null, uploadedBy: null };
  return {
    version: last.version,
    rowCount: last.rowCount,
    uploadedAt: last.uploadedAt.toISOString(),
    uploadedBy: last.adminEmail ?? 'Base',
  };
}

/** An employer admin's census upload: the console's, on their own group, with them as the actor. */
export const portalUploadCensus = (
  deps: { db: Database; census: CensusSealer },
  actor: PortalActor,
  input: { csv: string; dryRun: boolean },
) => uploadCensus(deps, actor, actor.groupId, input);

/** An employer admin's batch of codes: the console's, on their own group, shown in this answer only. */
export const portalMintCodes = (db: Database, actor: PortalActor, howMany: number) => mintCodes(db, actor, actor.groupId, howMany);

/**
 * The group's code batches: when each was minted, its size, and how many were used, shown as
 * "fewer than 5" when small (a used code is one person's enrolment). Never a code: only hashes are kept.
 */
export async function portalCodeBatchesOf(db: Executor, groupId: string, now = new Date()) {
  const codes = await db
    .select({
      batch: employerCodes.batch,
      createdAt: employerCodes.createdAt,
      usedAt: employerCodes.usedAt,
      // a code used by an employee who withdrew their consent to share counts as unused (decision 0081)
      counted: sql<boolean>`${countedByEmployer(employerCodes.usedByUserId)}`.mapWith(Boolean),
    })
    .from(employerCodes)
    .where(eq(employerCodes.groupId, groupId));
  const batches = new Map<number, typeof codes>();
  for (const code of codes) batches.set(code.batch, [...(batches.get(code.batch) ?? []), code]);
  return [...batches.entries()]
    .sort(([first], [second]) => second - first)
    .map(([batch, batchCodes]) => {
      const createdAt = new Date(Math.min(...batchCodes.map((code) => code.createdAt.getTime())));
      const ends = endedMonthEnds(createdAt.toISOString().slice(0, 7), null, now);
      return {
        batch,
        createdAt: createdAt.toISOString(),
        size: batchCodes.length,
        // counted at month ends and moved by five or more, as the portal's figures (decision 0057)
        used: figure(ends, (end) => batchCodes.filter((code) => code.counted && code.usedAt !== null && code.usedAt < end).length),
      };
    });
}
