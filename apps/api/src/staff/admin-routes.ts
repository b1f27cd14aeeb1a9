import { staffInvitationSchema, staffInviteRoles } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses } from '../schemas.ts';
import { invite, listInvitations, resendInvitation, revokeInvitation, type StaffDeps } from './invitations.ts';

/** Who brings people onto the team: operators alone. */
export const staffAdminRoles = ['operator'] as const satisfies readonly Role[];

const listSchema = z.object({
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(staffInviteRoles),
      status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
      invitedBy: z.string().nullable(),
      expiresAt: z.string(),
      createdAt: z.string(),
    }),
  ),
});
const params = z.object({ id: z.string().max(64) });

/** The console's team page: invite a clinician, support person, coach or operator by e-mail; resend or revoke. */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): StaffDeps => ({ db: app.db, auth: app.auth, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets });

  app.get(
    '/staff/invitations',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'Invitations to the team, the latest first, with their status',
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async () => listInvitations(deps()),
  );

  app.post(
    '/staff/invitations',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'Invite a person to the team with a role: an e-mail with a single-use link valid 7 days (audited)',
        body: staffInvitationSchema,
        response: { 201: listSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await invite(deps(), { user, ip: request.ip }, request.body));
    },
  );

  app.post(
    '/staff/invitations/:id(^[\\w-]+$)/resend',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'Send an invitation again with a new link; the previous link stops working (audited)',
        params,
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return resendInvitation(deps(), { user, ip: request.ip }, request.params.id);
    },
  );

  app.post(
    '/staff/invitations/:id(^[\\w-]+$)/revoke',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'Revoke an invitation: its link stops working (audited)',
        params,
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return revokeInvitation(deps(), { user, ip: request.ip }, request.params.id);
    },
  );
};
