import { acceptInvitationSchema, staffInviteRoles } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { acceptInvitation, lookUpInvitation, type StaffDeps } from './invitations.ts';

const tokenTries = rateLimited({ limit: limits.staffInvitationsPerAddress, by: 'address' });

/** The invited person's side: see who the link is for, then choose a password to create the account. The token travels in bodies only. */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): StaffDeps => ({ db: app.db, auth: app.auth, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets });

  app.post(
    '/staff-invitations/lookup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who an invitation link is for and with which role; 410 when it expired, was used or revoked',
        body: z.strictObject({ token: z.string().min(1).max(200) }),
        response: {
          200: z.object({ email: z.string(), name: z.string(), role: z.enum(staffInviteRoles), roleLabel: z.string() }),
          410: errorSchema,
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: tokenTries,
    },
    async (request) => lookUpInvitation(deps(), request.body.token),
  );

  app.post(
    '/staff-invitations/accept',
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation once: creates the account with the chosen password and the invited role',
        body: acceptInvitationSchema,
        response: { 201: z.object({ email: z.string(), message: z.string() }), 410: errorSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: tokenTries,
    },
    async (request, reply) => reply.status(201).send(await acceptInvitation(deps(), request.body.token, request.body.password, request.ip)),
  );
};
