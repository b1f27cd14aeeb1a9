import {
  acceptEmployerInvitationSchema,
  acceptEmployerInvitationSignedInSchema,
  employerAdminInviteSchema,
  employerInvitationStates,
} from '@shop/core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInNewAccount } from '../auth/sign-in.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import {
  acceptEmployerInvitation,
  acceptEmployerInvitationSignedIn,
  employerInvitationsOf,
  inviteEmployerAdmin,
  lookUpEmployerInvitation,
  type EmployerInvitationDeps,
} from './admin-invitations.ts';
import { portalActorOf } from './portal-eligibility.ts';

/** A group's invitations as their senders see them: the console's group page and the portal. */
export const employerInvitationListSchema = z.object({
  invitations: z.array(
    z.object({
      email: z.string(),
      state: z.enum(employerInvitationStates),
      invitedAt: z.string(),
      expiresAt: z.string(),
      acceptedAt: z.string().nullable(),
    }),
  ),
});

export const invitationDeps = (app: FastifyInstance): EmployerInvitationDeps => ({
  db: app.db,
  auth: app.auth,
  publicUrl: app.config.PUBLIC_URL,
  emailSecrets: app.emailSecrets,
});

/**
 * The invited person's side of an employer admin's invitation, open to anyone holding the link
 * (the token travels in bodies only): what it is for, accepting it with a new account whose
 * password is chosen on the invitation's page, or with the account signed in.
 */
export const employerInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokenTries = rateLimited({ limit: limits.employerInvitationsPerAddress, by: 'address' });

  app.post(
    '/employer-invitations/lookup',
    {
      schema: {
        tags: ['business'],
        summary:
          'Who an employer admin invitation is for, the group, and whether the address has an account; 410 when it expired or was used',
        body: acceptEmployerInvitationSignedInSchema,
        response: {
          200: z.object({ email: z.string(), groupName: z.string(), hasAccount: z.boolean() }),
          410: errorSchema,
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: tokenTries,
    },
    async (request) => lookUpEmployerInvitation(invitationDeps(app), request.body.token),
  );

  app.post(
    '/employer-invitations/accept-with-new-account',
    {
      schema: {
        tags: ['business'],
        summary:
          'Accept an employer admin invitation once: creates the account with the chosen password, makes it the group’s admin and signs in',
        description: '409: the address has an account already, which signs in to accept. 410: the link expired or was used.',
        body: acceptEmployerInvitationSchema,
        response: { 201: z.object({ email: z.string() }), 410: errorSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: tokenTries,
    },
    async (request, reply) => {
      const accepted = await acceptEmployerInvitation(invitationDeps(app), request.body.token, request.body.password, request.ip);
      await signInNewAccount(app.auth, request, reply, { email: accepted.email, password: request.body.password });
      return reply.status(201).send(accepted);
    },
  );

  app.post(
    '/employer-invitations/accept',
    {
      schema: {
        tags: ['business'],
        summary: 'Accept an employer admin invitation (single use, expiring) as the signed-in account it was sent to',
        description: '403: another address’s invitation, or a staff account. 410: the link expired or was used.',
        body: acceptEmployerInvitationSignedInSchema,
        response: { 200: z.object({ accepted: z.literal(true) }), 410: errorSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: tokenTries,
    },
    async (request) => {
      const user = await request.requireUser();
      await acceptEmployerInvitationSignedIn(invitationDeps(app), user, request.body.token, request.ip);
      return { accepted: true as const };
    },
  );
};

/** The portal's admins (`/api/business`, employer admins only): an admin invites a co-admin of their own group and sees each invitation's state. */
export const businessAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { requireUser(): Promise<{ id: string; email: string; role?: string | null }>; ip: string }) =>
    portalActorOf(app.db, await request.requireUser(), request.ip);

  app.get(
    '/portal/admins',
    {
      schema: {
        tags: ['business'],
        summary: 'The invitations of the group’s admins, newest first: sent, accepted or expired',
        response: { 200: employerInvitationListSchema, ...errorResponses },
      },
    },
    async (request) => ({ invitations: await employerInvitationsOf(app.db, (await actorOf(request)).groupId) }),
  );

  app.post(
    '/portal/admins',
    {
      schema: {
        tags: ['business'],
        summary: 'Invite a co-admin of the group: a single-use link valid for 7 days, e-mailed; at most 5 admins and open invitations',
        body: employerAdminInviteSchema,
        response: { 201: z.object({ email: z.string(), expiresAt: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const actor = await portalActorOf(app.db, user, request.ip);
      const invited = await inviteEmployerAdmin(invitationDeps(app), actor, {
        groupId: actor.groupId,
        email: request.body.email,
        inviter: user.email,
      });
      return reply.status(201).send(invited);
    },
  );
};
