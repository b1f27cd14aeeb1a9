import { employerRevokeSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { bankNoticeOf, bankNoticeSchema, launchKitOf, launchKitSchema, revokeEmployerAdmin } from './launch-kit.ts';
import { portalActorOf } from './portal-eligibility.ts';

export const revocationSchema = z.object({ email: z.string(), outcome: z.enum(['invitation_revoked', 'admin_removed']) });

/**
 * The portal's launch kit, its bank's notice and the revocation of admins (`/api/business`,
 * employer admins only; the group is the session's, never the request's).
 */
export const businessLaunchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/portal/launch-kit',
    {
      schema: {
        tags: ['business'],
        summary:
          'The launch kit of the admin’s group: the employees’ link, what is covered (goals, tests, caps, plan year, eligibility) and an announcement to send; no employee in it',
        response: { 200: launchKitSchema, ...errorResponses },
      },
    },
    async (request) => launchKitOf(app.db, (await request.requireUser()).id, app.config.PUBLIC_URL),
  );

  app.get(
    '/portal/bank-notice',
    {
      schema: {
        tags: ['business'],
        summary:
          'Whether the group’s prepaid testing bank is low or empty (its level by core’s rule, never its balance); null level when billed by invoice',
        response: { 200: bankNoticeSchema, ...errorResponses },
      },
    },
    async (request) => bankNoticeOf(app.db, (await request.requireUser()).id),
  );

  app.post(
    '/portal/admins/revoke',
    {
      schema: {
        tags: ['business'],
        summary:
          'Revoke an open invitation or remove another admin of the group, at once; never oneself, never the last admin (409); 404 for an address not of the group',
        body: employerRevokeSchema,
        response: { 200: revocationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const actor = await portalActorOf(app.db, user, request.ip);
      return revokeEmployerAdmin(app.db, actor, { groupId: actor.groupId, email: request.body.email, actorUserId: user.id });
    },
  );
};

const groupParams = z.object({ id: z.uuid({ error: 'Unknown employer group' }) });

/** The console's side (`/api/admin`, operators only): an operator revokes an invitation or removes an admin of any group. */
export const adminEmployerRevocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/employers/:id/admins/revoke',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary:
          'Revoke an open invitation or remove an admin of the group, at once; never the group’s last admin (409); 404 for an address not of the group',
        params: groupParams,
        body: employerRevokeSchema,
        response: { 200: revocationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = { user: await request.requireUser(), ip: request.ip };
      return revokeEmployerAdmin(app.db, actor, { groupId: request.params.id, email: request.body.email, actorUserId: null });
    },
  );
};
