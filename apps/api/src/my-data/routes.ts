import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataArchiveMessages, DELETION_LINK_MINUTES } from '@shop/core';
import { eraseAccount, erasureMessages, hasPassword, passwordMatches, settleOpenOrders } from '../erasure/service.ts';
import { deletionLinkHolds, sendDeletionLink } from '../erasure/deletion-link.ts';
import { badRequest } from '../errors.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { archiveRequestedSchema, dataArchiveRoutes } from './archive-routes.ts';
import { archiveIsEmailed, archiveView, requestDataArchive } from './archives.ts';
import { buildMemberArchive } from './service.ts';
import { homeKitLaboratoryOf } from '../results/report-details.ts';

const messageSchema = z.object({ message: z.string() });
const deletedSchema = z.object({ message: z.string(), cancelledOrders: z.array(z.number()) });

/**
 * A member's own data: downloaded as one archive (at once, or prepared and e-mailed when large:
 * archive-routes.ts), or deleted with the account (docs/decisions/0075-what-deleting-an-account-keeps.md).
 */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(dataArchiveRoutes);

  app.get(
    '/my-data.zip',
    {
      schema: {
        tags: ['account'],
        summary: 'Everything the shop holds about the signed-in member, as one ZIP archive (audited, with every results read it makes)',
        description:
          'An archive estimated larger than DATA_ARCHIVE_IMMEDIATE_MAX_BYTES (core’s dataArchiveRule) is not built in the request: 202, and the worker prepares it and e-mails the member a link, as POST /account/my-data/archives does.',
        // the 200 is a ZIP, sent as bytes; only the error bodies go through the serializer
        response: { 202: archiveRequestedSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      if (await archiveIsEmailed(app.db, user.id, app.config.DATA_ARCHIVE_IMMEDIATE_MAX_BYTES)) {
        const archive = await requestDataArchive({ db: app.db, events: app.events }, user);
        return reply.status(202).send({ message: dataArchiveMessages.preparing, archive: archiveView(archive) });
      }
      const { archive } = await buildMemberArchive(
        {
          db: app.db,
          cipher: app.results.cipher,
          storage: app.files.storage,
          events: app.events,
          publicUrl: app.config.PUBLIC_URL,
          homeKitLab: homeKitLaboratoryOf(app.config),
        },
        user,
        request.ip || null,
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="base-my-data-${day}.zip"`)
        .header('cache-control', 'private, no-store')
        .type('application/zip')
        .send(archive as never);
    },
  );

  /**
   * One deletion, however the member confirmed it (password or e-mailed link): open orders
   * settled first, then the erasure, then the session's cookies cleared.
   */
  async function deleteOwnAccount(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const cancelledOrders = await settleOpenOrders(
      { db: app.db, gateway: app.payments, events: app.events, publicUrl: app.config.PUBLIC_URL },
      userId,
      request.ip || null,
    );
    await eraseAccount({ db: app.db, storage: app.files.storage }, userId, {
      reason: 'member_request',
      actor: { id: userId, role: 'customer' },
      ip: request.ip || null,
      confirm: true,
      detail: { cancelledOrders: cancelledOrders.length },
    });
    for (const name of Object.keys(request.cookies ?? {})) if (name.includes('session')) reply.clearCookie(name, { path: '/' });
    return { message: erasureMessages.deleted, cancelledOrders };
  }

  app.get(
    '/deletion',
    {
      schema: {
        tags: ['account'],
        summary: 'How the signed-in member confirms deleting their account: with their password, or by a link e-mailed to them',
        response: { 200: z.object({ confirmBy: z.enum(['password', 'email']) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { confirmBy: (await hasPassword(app.db, user.id)) ? ('password' as const) : ('email' as const) };
    },
  );

  app.post(
    '/delete',
    {
      schema: {
        tags: ['account'],
        summary:
          'Delete the signed-in member’s account with their password, or, for an account without one, e-mail a link that confirms it',
        description: `Orders not yet shipped are cancelled and refunded first; 409 ACCOUNT_HAS_ORDERS_IN_PROGRESS while a kit is on its way or a sample is at the lab. 400 PASSWORD_WRONG. An account without a password (Google sign-in) gets 202: a link that works for ${DELETION_LINK_MINUTES} minutes is e-mailed to its address, and POST /account/delete/confirm with its token deletes the account.`,
        body: z.object({ password: z.string().max(200).optional() }).strict(),
        response: {
          200: deletedSchema,
          202: messageSchema,
          429: errorSchema,
          502: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      if (!(await hasPassword(app.db, user.id))) {
        await sendDeletionLink({ db: app.db, emailSecrets: app.emailSecrets, publicUrl: app.config.PUBLIC_URL }, user);
        return reply.status(202).send({ message: erasureMessages.noPassword });
      }
      if (!request.body.password || !(await passwordMatches(app.db, user.id, request.body.password))) {
        throw badRequest('PASSWORD_WRONG', erasureMessages.passwordWrong);
      }
      return deleteOwnAccount(request, reply, user.id);
    },
  );

  app.post(
    '/delete/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the signed-in member’s account with the link e-mailed to it (accounts without a password)',
        description:
          '400 DELETION_LINK_INVALID when the link is expired, already spent or another account’s; otherwise as POST /account/delete.',
        body: z.object({ token: z.string().min(1).max(200) }).strict(),
        response: { 200: deletedSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      if (!(await deletionLinkHolds(app.db, request.body.token, user.id))) {
        throw badRequest('DELETION_LINK_INVALID', erasureMessages.linkInvalid);
      }
      return deleteOwnAccount(request, reply, user.id);
    },
  );
};
