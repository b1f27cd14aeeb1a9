import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataArchiveMessages, dataArchiveRule } from '@shop/core';
import { errorResponses, errorSchema } from '../schemas.ts';
import { archiveIsEmailed, archiveView, downloadOwnArchive, ownArchiveOrRefusal, requestDataArchive } from './archives.ts';
import { latestArchiveOf } from './repository.ts';

export const archiveSchema = z.object({
  id: z.string(),
  status: z.enum(['preparing', 'ready', 'failed', 'expired']),
  requestedAt: z.string(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().nullable(),
  /** the API's address that downloads it, while it is ready */
  downloadUrl: z.string().nullable(),
});

export const archiveRequestedSchema = z.object({ message: z.string(), archive: archiveSchema });

const idParams = z.object({ id: z.string().max(100) });

/**
 * A member's data archive prepared by the worker and e-mailed as a link (docs/decisions/0075, "A
 * large archive"): each route answers for the signed-in member's own archives only; another
 * account's is "not found" as one that does not exist.
 */
export const dataArchiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const threshold = () => app.config.DATA_ARCHIVE_IMMEDIATE_MAX_BYTES;

  app.get(
    '/my-data/archive',
    {
      schema: {
        tags: ['account'],
        summary: 'How the signed-in member’s archive is downloaded (at once, or prepared and e-mailed), and their latest prepared archive',
        response: {
          200: z.object({ delivery: z.enum(['immediate', 'emailed']), linkDays: z.number(), latest: archiveSchema.nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const emailed = await archiveIsEmailed(app.db, user.id, threshold());
      const latest = await latestArchiveOf(app.db, user.id);
      return {
        delivery: emailed ? ('emailed' as const) : ('immediate' as const),
        linkDays: dataArchiveRule.linkDays,
        latest: latest ? archiveView(latest) : null,
      };
    },
  );

  app.post(
    '/my-data/archives',
    {
      schema: {
        tags: ['account'],
        summary: 'Ask for the signed-in member’s archive to be prepared and e-mailed as a link (202)',
        description: `While one is being prepared, asking again answers that one. The link works for ${dataArchiveRule.linkDays} days once it is ready, for the signed-in member alone. 429 past a few an hour.`,
        response: { 202: archiveRequestedSchema, 429: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const archive = await requestDataArchive({ db: app.db, events: app.events }, user);
      return reply.status(202).send({ message: dataArchiveMessages.preparing, archive: archiveView(archive) });
    },
  );

  app.get(
    '/my-data/archives/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'One of the signed-in member’s prepared archives: being prepared, ready (with its download address) or failed',
        description: '404 for an archive of another account as for none; 410 DATA_ARCHIVE_EXPIRED once its link has expired.',
        params: idParams,
        response: { 200: archiveSchema, 410: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return archiveView(await ownArchiveOrRefusal(app.db, user, request.params.id));
    },
  );

  app.get(
    '/my-data/archives/:id/archive.zip',
    {
      schema: {
        tags: ['account'],
        summary: 'Download one of the signed-in member’s prepared archives, as a ZIP (audited, as the immediate download is)',
        description:
          '404 for an archive of another account as for none; 409 DATA_ARCHIVE_NOT_READY while it is prepared, DATA_ARCHIVE_FAILED when it could not be; 410 DATA_ARCHIVE_EXPIRED once its link has expired.',
        params: idParams,
        // the 200 is a ZIP, sent as bytes; only the error bodies go through the serializer
        response: { 410: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { archive, readyAt } = await downloadOwnArchive(
        { db: app.db, cipher: app.results.cipher, storage: app.files.storage },
        user,
        request.params.id,
        request.ip || null,
      );
      return reply
        .header('content-disposition', `attachment; filename="base-my-data-${readyAt.toISOString().slice(0, 10)}.zip"`)
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .send(archive as never);
    },
  );
};
