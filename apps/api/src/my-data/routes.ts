import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eraseAccount, erasureMessages, hasPassword, passwordMatches, settleOpenOrders } from '../erasure/service.ts';
import { AppError, badRequest } from '../errors.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { buildMemberArchive } from './service.ts';

/** A member's own data: downloaded as one archive, or deleted with the account (docs/decisions/0075-what-deleting-an-account-keeps.md). */
export const myDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/my-data.zip',
    {
      schema: {
        tags: ['account'],
        summary: 'Everything the shop holds about the signed-in member, as one ZIP archive (audited, with every results read it makes)',
        // the 200 is a ZIP, sent as bytes; only the error bodies go through the serializer
        response: { 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { archive } = await buildMemberArchive(
        { db: app.db, cipher: app.results.cipher, storage: app.files.storage, events: app.events, publicUrl: app.config.PUBLIC_URL },
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

  app.post(
    '/account/delete',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete the signed-in member’s account with their password: health data and what names them go at once',
        description:
          'Orders not yet shipped are cancelled and refunded first; 409 ACCOUNT_HAS_ORDERS_IN_PROGRESS while a kit is on its way or a sample is at the lab. 400 PASSWORD_WRONG, 409 NO_PASSWORD for an account that signs in with Google.',
        body: z.object({ password: z.string().max(200) }).strict(),
        response: { 200: z.object({ message: z.string(), cancelledOrders: z.array(z.number()) }), 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      if (!(await hasPassword(app.db, user.id))) {
        throw new AppError(
          409,
          'NO_PASSWORD',
          'Your account signs in with Google and has no password: please message support to delete it.',
        );
      }
      if (!request.body.password || !(await passwordMatches(app.db, user.id, request.body.password))) {
        throw badRequest('PASSWORD_WRONG', erasureMessages.passwordWrong);
      }
      const cancelledOrders = await settleOpenOrders(
        { db: app.db, gateway: app.payments, events: app.events, publicUrl: app.config.PUBLIC_URL },
        user.id,
        request.ip || null,
      );
      await eraseAccount({ db: app.db, storage: app.files.storage }, user.id, {
        reason: 'member_request',
        actor: { id: user.id, role: 'customer' },
        ip: request.ip || null,
        confirm: true,
        detail: { cancelledOrders: cancelledOrders.length },
      });
      for (const name of Object.keys(request.cookies ?? {})) if (name.includes('session')) reply.clearCookie(name, { path: '/' });
      return { message: 'Your account is deleted. We sent a confirmation to your e-mail address.', cancelledOrders };
    },
  );
};
