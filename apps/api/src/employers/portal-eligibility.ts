import { and, count, desc, eq, min, sql } from 'drizzle-orm';
import { employerAdmins, employerCensusUploads, employerCodes, type Database, type Executor } from '@shop/db';
import { uploadCensus } from './census-upload.ts';
import { mintCodes, type StaffActor } from './console.ts';
import { adminGroupOf, shownCount } from './portal.ts';

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
export const portalUploadCensus = (db: Database, actor: PortalActor, input: { csv: string; dryRun: boolean }) =>
  uploadCensus(db, actor, actor.groupId, input);

/** An employer admin's batch of codes: the console's, on their own group, shown in this answer only. */
export const portalMintCodes = (db: Database, actor: PortalActor, howMany: number) => mintCodes(db, actor, actor.groupId, howMany);

/**
 * The group's code batches: when each was minted, its size, and how many were used, shown as
 * "fewer than 5" when small (a used code is one person's enrolment). Never a code: only hashes are kept.
 */
export async function portalCodeBatchesOf(db: Executor, groupId: string) {
  const rows = await db
    .select({
      batch: employerCodes.batch,
      createdAt: min(employerCodes.createdAt),
      size: count(),
      used: sql<number>`count(${employerCodes.usedByUserId})`.mapWith(Number),
    })
    .from(employerCodes)
    .where(eq(employerCodes.groupId, groupId))
    .groupBy(employerCodes.batch)
    .orderBy(desc(employerCodes.batch));
  return rows.map((row) => ({
    batch: row.batch,
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
    size: row.size,
    used: shownCount(row.used),
  }));
}
