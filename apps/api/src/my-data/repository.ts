import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DataArchiveContents } from '@shop/core';
import { dataArchives, labReviewFiles, labReviews, orderKits, orders, outsideLabReports, users, type Executor } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';

export type DataArchiveRow = typeof dataArchives.$inferSelect;
export type DataArchiveStatus = 'preparing' | 'ready' | 'failed' | 'expired';

/** What decides the size of a member's archive: their uploads' bytes, and how many orders have results. */
export async function archiveContentsOf(db: Executor, userId: string): Promise<DataArchiveContents> {
  const [uploads] = await db
    .select({ bytes: sql<string>`coalesce(sum(${labReviewFiles.sizeBytes}), 0)` })
    .from(labReviewFiles)
    .innerJoin(labReviews, eq(labReviews.id, labReviewFiles.reviewId))
    .where(eq(labReviews.userId, userId));
  // the reports of other labs uploaded for the health record go in the archive too (decision 0087)
  const [outside] = await db
    .select({ bytes: sql<string>`coalesce(sum(${outsideLabReports.sizeBytes}), 0)` })
    .from(outsideLabReports)
    .where(eq(outsideLabReports.userId, userId));
  const [reports] = await db
    .select({ count: sql<string>`count(distinct ${orderKits.orderId})` })
    .from(orderKits)
    .innerJoin(orders, eq(orders.id, orderKits.orderId))
    .where(and(eq(orders.userId, userId), eq(orderKits.status, 'results_ready')));
  return { uploadBytes: Number(uploads?.bytes ?? 0) + Number(outside?.bytes ?? 0), resultsReports: Number(reports?.count ?? 0) };
}

/**
 * A new archive being prepared for the member, or undefined when one is already (the partial
 * unique index allows one at a time, so two requests at once make one).
 */
export async function insertPreparingArchive(tx: Executor, userId: string): Promise<DataArchiveRow | undefined> {
  const [row] = await tx.insert(dataArchives).values({ userId }).onConflictDoNothing().returning();
  return row;
}

export async function preparingArchiveOf(db: Executor, userId: string): Promise<DataArchiveRow | undefined> {
  const [row] = await db
    .select()
    .from(dataArchives)
    .where(and(eq(dataArchives.userId, userId), eq(dataArchives.status, 'preparing')));
  return row;
}

/** The member's own archive by its id; undefined for another account's, as for none. */
export async function ownArchive(db: Executor, userId: string, id: string): Promise<DataArchiveRow | undefined> {
  const [row] = await db
    .select()
    .from(dataArchives)
    .where(and(eq(dataArchives.id, id), eq(dataArchives.userId, userId)));
  return row;
}

/** The member's latest archive that has not expired: being prepared, ready, or failed. */
export async function latestArchiveOf(db: Executor, userId: string, now = new Date()): Promise<DataArchiveRow | undefined> {
  const [row] = await db
    .select()
    .from(dataArchives)
    .where(
      and(
        eq(dataArchives.userId, userId),
        or(inArray(dataArchives.status, ['preparing', 'failed']), and(eq(dataArchives.status, 'ready'), gt(dataArchives.expiresAt, now))),
      ),
    )
    .orderBy(desc(dataArchives.requestedAt))
    .limit(1);
  return row;
}

export async function findArchive(db: Executor, id: string): Promise<DataArchiveRow | undefined> {
  const [row] = await db.select().from(dataArchives).where(eq(dataArchives.id, id));
  return row;
}

/**
 * The archive stored: ready from now until `expiresAt`. Only while it is still being prepared: an
 * archive deleted meanwhile (with its account) is not brought back, and the caller removes its file.
 */
export async function markArchiveReady(
  tx: Executor,
  id: string,
  stored: { storageKey: string; keyId: string; sizeBytes: number; finishedAt: Date; expiresAt: Date },
): Promise<boolean> {
  const updated = await tx
    .update(dataArchives)
    .set({ status: 'ready', ...stored })
    .where(and(eq(dataArchives.id, id), eq(dataArchives.status, 'preparing')))
    .returning({ id: dataArchives.id });
  return updated.length > 0;
}

export async function markArchiveFailed(db: Executor, id: string, finishedAt: Date): Promise<void> {
  await db
    .update(dataArchives)
    .set({ status: 'failed', finishedAt })
    .where(and(eq(dataArchives.id, id), eq(dataArchives.status, 'preparing')));
}

/** The account an archive is prepared for, as the reads that make it take a signed-in member. */
export async function memberOf(db: Executor, userId: string): Promise<SessionUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
