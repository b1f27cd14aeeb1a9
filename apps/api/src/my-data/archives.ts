import { dataArchiveIsEmailed, dataArchiveMessages } from '@shop/core';
import type { Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import type { SessionUser } from '../auth/auth.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { FileStorage } from '../files/storage.ts';
import { enforce, limits } from '../rate-limit/limiter.ts';
import type { ResultsCipher } from '../results/crypto.ts';
import { isRowId } from '../validation.ts';
import {
  archiveContentsOf,
  insertPreparingArchive,
  ownArchive,
  preparingArchiveOf,
  type DataArchiveRow,
  type DataArchiveStatus,
} from './repository.ts';

/**
 * A data archive too large to build while the member waits (core's `dataArchiveRule`): asked for
 * here, prepared by the worker (archive-job.ts), opened through the e-mailed link by its owner alone.
 */

/** What a prepared archive is sealed under: its row, so its bytes copied onto another row no longer open. */
export const archiveContext = (archiveId: string) => `data_archives:${archiveId}`;

/** The page the e-mailed link opens (the web app's), and the address that downloads the archive (the API's). */
export const archivePagePath = (archiveId: string) => `/account/my-data/archives/${archiveId}`;
export const archiveDownloadPath = (archiveId: string) => `/api/account/my-data/archives/${archiveId}/archive.zip`;

/** Whether the member's archive is prepared and e-mailed rather than downloaded at once. */
export async function archiveIsEmailed(db: Database, userId: string, immediateMaxBytes: number): Promise<boolean> {
  return dataArchiveIsEmailed(await archiveContentsOf(db, userId), immediateMaxBytes);
}

/** Where an archive is, at `now`: a ready one whose week has passed is expired, before retention removes its file. */
export function archiveState(row: DataArchiveRow, now: Date): DataArchiveStatus {
  if (row.status === 'ready' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status as DataArchiveStatus;
}

/** An archive as its owner's pages see it: never what it holds. */
export function archiveView(row: DataArchiveRow, now = new Date()) {
  const status = archiveState(row, now);
  return {
    id: row.id,
    status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: status === 'ready' || status === 'expired' ? (row.finishedAt?.toISOString() ?? null) : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: status === 'ready' ? row.sizeBytes : null,
    downloadUrl: status === 'ready' ? archiveDownloadPath(row.id) : null,
  };
}

/**
 * Asks the worker for the member's archive: the row and its event in one transaction, so the job
 * exists exactly when the request does (the event's consumer queues it). While one is being
 * prepared, asking again answers that one; a new one counts against a few an hour.
 */
export async function requestDataArchive(deps: { db: Database; events: EventRecorder }, user: SessionUser): Promise<DataArchiveRow> {
  const preparing = await preparingArchiveOf(deps.db, user.id);
  if (preparing) return preparing;
  await enforce(deps.db, limits.dataArchivesPerAccount, user.id);
  const made = await deps.db.transaction(async (tx) => {
    const row = await insertPreparingArchive(tx, user.id);
    if (row) await deps.events.record(tx, 'data_archive.requested', { archiveId: row.id, userId: user.id });
    return row;
  });
  // another request of the member's made it meanwhile: that one is theirs
  return made ?? (await preparingArchiveOf(deps.db, user.id))!;
}

/**
 * The member's own archive by its id, in a state that may be opened: another account's, or an id
 * that names none, is "not found" alike; an expired one says so (410) and what to do.
 */
export async function ownArchiveOrRefusal(db: Database, user: SessionUser, archiveId: string, now = new Date()): Promise<DataArchiveRow> {
  const row = isRowId(archiveId) ? await ownArchive(db, user.id, archiveId) : undefined;
  if (!row) throw notFound('DATA_ARCHIVE_NOT_FOUND', dataArchiveMessages.notFound);
  if (archiveState(row, now) === 'expired') throw new AppError(410, 'DATA_ARCHIVE_EXPIRED', dataArchiveMessages.expired);
  return row;
}

export interface ArchiveDownloadDeps {
  db: Database;
  cipher: ResultsCipher;
  storage: FileStorage;
}

/**
 * The prepared archive's bytes, opened for its owner: each download is audited as `account.export`,
 * as the archive downloaded at once is, with the archive's id and size only.
 */
export async function downloadOwnArchive(
  deps: ArchiveDownloadDeps,
  user: SessionUser,
  archiveId: string,
  ip: string | null,
): Promise<{ archive: Buffer; readyAt: Date }> {
  const row = await ownArchiveOrRefusal(deps.db, user, archiveId);
  if (row.status === 'failed') throw conflict('DATA_ARCHIVE_FAILED', dataArchiveMessages.failed);
  if (row.status !== 'ready' || !row.storageKey || !row.keyId) throw conflict('DATA_ARCHIVE_NOT_READY', dataArchiveMessages.notReady);
  const archive = deps.cipher.openBytes(row.keyId, await deps.storage.get(row.storageKey), archiveContext(row.id));
  await recordAudit(deps.db, {
    actor: { id: user.id, role: 'customer' },
    action: 'account.export',
    subjectType: 'account',
    subjectId: user.id,
    detail: { archive: row.id, bytes: archive.length, prepared: true },
    ip,
  });
  return { archive, readyAt: row.finishedAt ?? row.requestedAt };
}
