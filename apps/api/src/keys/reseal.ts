import { and, eq, isNotNull, ne } from 'drizzle-orm';
import {
  dataArchives,
  employerCensusMembers,
  labResults,
  labReviewFiles,
  labReviews,
  outsideLabReports,
  resealColumns,
  resultHolds,
  type Database,
} from '@shop/db';
import { createCensusSealer } from '../employers/census-seal.ts';
import type { FileStorage } from '../files/storage.ts';
import { outsideFileContext } from '../lab-reviews/outside-service.ts';
import { fileContext, openPlan, sealPlan } from '../lab-reviews/service.ts';
import { archiveContext } from '../my-data/archives.ts';
import type { ResultsCipher } from '../results/crypto.ts';
import { holdNoteContext } from '../results/outreach.ts';
import { openResults, resultsContextOf } from '../results/sealing.ts';

export interface ResealDeps {
  db: Database;
  /** the current results key, with the previous ones that opened what is stored */
  cipher: ResultsCipher;
  /** AUTH_SECRET: the census rows' digests are keyed with it (they do not move) */
  authSecret: string;
  /** where uploaded lab reports are kept, sealed */
  storage: FileStorage;
}

/** How many sealed values moved to the current key, by what holds them. */
export type ResealCounts = Record<'columns' | 'labResults' | 'labPlans' | 'holdNotes' | 'census' | 'files' | 'archives', number>;

/**
 * Seals again under the current results key everything sealed under a previous one (decision
 * 0072): the sealed columns, lab results, lab-review plans, result-hold notes, census rows,
 * uploaded lab reports and members' prepared data archives. Each row is rewritten only while it holds what was read, so a write of
 * the shop that runs meanwhile wins and is sealed under the current key anyway. Once it is done,
 * the previous keys can be dropped from RESULTS_ENCRYPTION_PREVIOUS_KEYS.
 */
export async function resealEverything(deps: ResealDeps): Promise<ResealCounts> {
  const { db, cipher } = deps;
  const counts: ResealCounts = {
    columns: await resealColumns(db, cipher),
    labResults: 0,
    labPlans: 0,
    holdNotes: 0,
    census: 0,
    files: 0,
    archives: 0,
  };

  for (const row of await db.select().from(labResults).where(ne(labResults.keyId, cipher.keyId))) {
    // an order's result set and an outside one (decision 0087) are each sealed again under their own context
    const sealed = { keyId: cipher.keyId, ciphertext: cipher.seal(JSON.stringify(openResults(cipher, row)), resultsContextOf(row)) };
    await db
      .update(labResults)
      .set(sealed)
      .where(and(eq(labResults.id, row.id), eq(labResults.ciphertext, row.ciphertext)));
    counts.labResults += 1;
  }

  for (const review of await db.select().from(labReviews).where(ne(labReviews.planKeyId, cipher.keyId))) {
    const plan = openPlan(cipher, review);
    if (!plan || !review.planCiphertext) continue;
    await db
      .update(labReviews)
      .set(sealPlan(cipher, review.id, plan))
      .where(and(eq(labReviews.id, review.id), eq(labReviews.planCiphertext, review.planCiphertext)));
    counts.labPlans += 1;
  }

  for (const hold of await db.select().from(resultHolds).where(ne(resultHolds.noteKeyId, cipher.keyId))) {
    if (!hold.noteKeyId || !hold.noteCiphertext) continue;
    const note = cipher.open(hold.noteKeyId, hold.noteCiphertext, holdNoteContext(hold.id));
    await db
      .update(resultHolds)
      .set({ noteKeyId: cipher.keyId, noteCiphertext: cipher.seal(note, holdNoteContext(hold.id)) })
      .where(and(eq(resultHolds.id, hold.id), eq(resultHolds.noteCiphertext, hold.noteCiphertext)));
    counts.holdNotes += 1;
  }

  const census = createCensusSealer(cipher, deps.authSecret);
  const members = await db
    .select()
    .from(employerCensusMembers)
    .where(and(isNotNull(employerCensusMembers.sealed), ne(employerCensusMembers.keyId, cipher.keyId)));
  for (const member of members) {
    const { keyId, sealed } = census.seal(member.groupId, census.open(member));
    await db
      .update(employerCensusMembers)
      .set({ keyId, sealed })
      .where(and(eq(employerCensusMembers.id, member.id), eq(employerCensusMembers.sealed, member.sealed ?? '')));
    counts.census += 1;
  }

  const files = await db
    .select({ id: labReviewFiles.id, keyId: labReviewFiles.keyId, storageKey: labReviewFiles.storageKey, orderId: labReviews.orderId })
    .from(labReviewFiles)
    .innerJoin(labReviews, eq(labReviews.id, labReviewFiles.reviewId))
    .where(ne(labReviewFiles.keyId, cipher.keyId));
  for (const file of files) {
    const context = fileContext(file.orderId, file.id);
    const bytes = cipher.openBytes(file.keyId, await deps.storage.get(file.storageKey), context);
    // the new bytes replace the old under the same name before the row names the new key: a reader in
    // between finds bytes its row's key no longer opens, once, rather than a row naming bytes that are gone
    await deps.storage.put(file.storageKey, cipher.sealBytes(bytes, context));
    await db.update(labReviewFiles).set({ keyId: cipher.keyId }).where(eq(labReviewFiles.id, file.id));
    counts.files += 1;
  }

  // the reports of other labs members uploaded for their health record (decision 0087) move as lab reports do
  const outsideFiles = await db
    .select({
      id: outsideLabReports.id,
      userId: outsideLabReports.userId,
      keyId: outsideLabReports.keyId,
      storageKey: outsideLabReports.storageKey,
    })
    .from(outsideLabReports)
    .where(ne(outsideLabReports.keyId, cipher.keyId));
  for (const file of outsideFiles) {
    const context = outsideFileContext(file.userId, file.id);
    const bytes = cipher.openBytes(file.keyId, await deps.storage.get(file.storageKey), context);
    await deps.storage.put(file.storageKey, cipher.sealBytes(bytes, context));
    await db.update(outsideLabReports).set({ keyId: cipher.keyId }).where(eq(outsideLabReports.id, file.id));
    counts.files += 1;
  }

  // a prepared archive lives a week, but a key may be dropped within it: it moves as an upload does
  const archives = await db
    .select({ id: dataArchives.id, keyId: dataArchives.keyId, storageKey: dataArchives.storageKey })
    .from(dataArchives)
    .where(and(eq(dataArchives.status, 'ready'), ne(dataArchives.keyId, cipher.keyId)));
  for (const archive of archives) {
    if (!archive.keyId || !archive.storageKey) continue;
    const context = archiveContext(archive.id);
    const bytes = cipher.openBytes(archive.keyId, await deps.storage.get(archive.storageKey), context);
    await deps.storage.put(archive.storageKey, cipher.sealBytes(bytes, context));
    await db.update(dataArchives).set({ keyId: cipher.keyId }).where(eq(dataArchives.id, archive.id));
    counts.archives += 1;
  }
  return counts;
}
