import { dataArchiveExpiresAt } from '@shop/core';
import { recordAudit } from '../audit/log.ts';
import { dataArchiveReadyEmail } from '../email/data-archive-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';
import { newStorageKey } from '../files/storage.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { archiveContext, archivePagePath } from './archives.ts';
import { findArchive, markArchiveFailed, markArchiveReady, memberOf } from './repository.ts';
import { collectMemberArchive, type MyDataDeps } from './service.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** builds a member's data archive, stores it sealed and e-mails them its link, once */
    'data_archive.build': { archiveId: string; userId: string };
  }
}

/** An archive asked for: the worker builds it, off the request's path, once per archive. */
export const prepareRequestedArchive = onEvent({
  name: 'my-data.prepare-archive',
  on: 'data_archive.requested',
  mode: 'in-transaction',
  async handle(tx, { payload }) {
    await enqueue(tx, {
      name: 'data_archive.build',
      payload: { archiveId: payload.archiveId, userId: payload.userId },
      singletonKey: `data-archive:${payload.archiveId}`,
      maxAttempts: 3,
    });
  },
});

/**
 * The queue's `data_archive.build`: the same archive as the immediate download (service.ts), sealed
 * with the results key under its own row and kept in the file storage; then, in one transaction,
 * the row made ready until its link expires, an audit line with counts only, and the member's
 * e-mail. An archive deleted meanwhile (its account erased) leaves no file behind. The last failed
 * try marks it failed, so the member's page offers to ask again.
 */
export function buildArchiveJob(deps: MyDataDeps): JobHandler<'data_archive.build'> {
  return async ({ archiveId }, context) => {
    const row = await findArchive(deps.db, archiveId);
    if (row?.status !== 'preparing') return;
    const member = await memberOf(deps.db, row.userId);
    if (!member) return;
    try {
      const { archive, counts } = await collectMemberArchive(deps, member, null);
      const storageKey = newStorageKey('data-archives');
      await deps.storage.put(storageKey, deps.cipher.sealBytes(archive, archiveContext(archiveId)));
      const finishedAt = context.now;
      const expiresAt = dataArchiveExpiresAt(finishedAt);
      const kept = await deps.db.transaction(async (tx) => {
        const stored = { storageKey, keyId: deps.cipher.keyId, sizeBytes: archive.length, finishedAt, expiresAt };
        if (!(await markArchiveReady(tx, archiveId, stored))) return false;
        await recordAudit(tx, {
          actor: { id: member.id, role: 'customer' },
          action: 'account.export_prepared',
          subjectType: 'account',
          subjectId: member.id,
          detail: { archive: archiveId, ...counts },
        });
        const url = `${deps.publicUrl}${archivePagePath(archiveId)}`;
        await enqueueEmail(tx, dataArchiveReadyEmail({ to: member.email, url, expiresAt }), `data-archive-ready:${archiveId}`);
        return true;
      });
      if (!kept) await deps.storage.delete(storageKey);
    } catch (error) {
      if (context.attempt >= context.maxAttempts) await markArchiveFailed(deps.db, archiveId, context.now);
      throw error;
    }
  };
}
