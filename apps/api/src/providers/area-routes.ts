import { clinicClientSchema, clinicInvitationSchema, clinicRoles, resultsReleaseRules, type ClinicRole } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { forbidden } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { addClient, assignPractitioner, dashboardOf, getClient, listClients, setAllClientsVisible } from './clients.ts';
import { accountRoleFor, membershipOf, type ClinicMember } from './members.ts';
import { registerClinicCardRoutes } from './card-routes.ts';
import { registerProviderFeeRoutes } from './fee-routes.ts';
import { registerProviderOrderRoutes } from './order-routes.ts';
import { registerProviderDraftRoutes } from './draft-routes.ts';
import { registerResultsReleaseRoutes } from './results-routes.ts';
import { registerProviderWebhookRoutes } from './webhook-routes.ts';
import {
  changeMemberRole,
  decideJoinRequest,
  invite,
  removeMember,
  resendInvitation,
  revokeInvitation,
  teamOf,
  type TeamDeps,
} from './team.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Inside the provider area: the clinic roles a route answers to, when narrower than every member. */
    clinicRoles?: readonly ClinicRole[];
  }
  interface FastifyRequest {
    /** the member asking, their clinic and role there, found from the session by the provider area's hook */
    clinicMember: ClinicMember | null;
  }
}

/** What only a clinic's admins do: the team and the clinic's settings. */
const adminOnly = { roles: ['provider_admin'] as const satisfies readonly Role[] };

const teamSchema = z.object({
  members: z.array(
    z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(clinicRoles), since: z.string(), you: z.boolean() }),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(clinicRoles),
      status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
      expiresAt: z.string(),
    }),
  ),
  joinRequests: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string() })),
});
const clientSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  dateOfBirth: z.string(),
  state: z.string(),
  labCollectionAvailable: z.boolean(),
  notice: z.string().nullable(),
  practitioner: z.object({ memberId: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
const dashboardSchema = z.object({
  clinic: z.object({
    name: z.string(),
    type: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    npi: z.string().nullable(),
    allClientsVisible: z.boolean(),
    resultsRelease: z.enum(resultsReleaseRules),
  }),
  me: z.object({ memberId: z.string(), name: z.string(), email: z.string(), role: z.enum(clinicRoles) }),
  figures: z.object({
    clients: z.number().int(),
    members: z.number().int(),
    pendingInvitations: z.number().int(),
    joinRequests: z.number().int(),
  }),
});
const params = z.object({ id: z.string().max(64) });

/** The member a handler acts as: the hook below found it, or the request never reached the handler. */
function memberOf(request: FastifyRequest): ClinicMember {
  if (!request.clinicMember) throw forbidden();
  return request.clinicMember;
}

/**
 * The provider area (`/api/providers`, provider admins and staff): every route acts on the
 * member's own clinic, found here from the session, never from an id the request names. A route
 * for some clinic roles only says so in its `config` (`roles` for admins, `clinicRoles` finer),
 * checked here once, before the body is read.
 */
export const providerAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): TeamDeps => ({ db: app.db, auth: app.auth, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets });

  app.decorateRequest('clinicMember', null);
  app.addHook('onRequest', async (request) => {
    const user = await request.requireUser();
    const found = await membershipOf(app.db, user.id);
    const role = found?.member.role as ClinicRole | undefined;
    // an account whose role and membership disagree (removed from its clinic) is no member
    if (!found || !role || accountRoleFor(role) !== user.role) throw forbidden('Your account is not a member of a clinic.');
    const allowed = request.routeOptions.config.clinicRoles;
    if (allowed && !allowed.includes(role))
      throw forbidden(`This is open to the clinic’s ${allowed.map((name) => `${name}s`).join(' and ')}; your role is ${role}.`);
    request.clinicMember = { memberId: found.member.id, clinicId: found.clinic.id, role, clinic: found.clinic, user, ip: request.ip };
  });

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['providers'],
        summary: 'The member’s clinic, role and figures',
        response: { 200: dashboardSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = memberOf(request);
      return dashboardOf(app.db, member, await teamOf(deps(), member));
    },
  );

  app.put(
    '/settings',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Whether practitioners see every client of the clinic or only those assigned to them (admins; audited)',
        body: z.strictObject({ allClientsVisible: z.boolean({ error: 'Please choose whether practitioners see all clients' }) }),
        response: { 200: z.object({ allClientsVisible: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => setAllClientsVisible(app.db, memberOf(request), request.body.allClientsVisible),
  );

  app.get(
    '/team',
    {
      schema: {
        tags: ['providers'],
        summary: 'The clinic’s members; for admins, the invitations and requests to join waiting too',
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => teamOf(deps(), memberOf(request)),
  );

  app.post(
    '/team/invitations',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Invite a person to the clinic with a role: an e-mail with a single-use link valid 7 days (admins; audited)',
        body: clinicInvitationSchema,
        response: { 201: teamSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await invite(deps(), memberOf(request), request.body)),
  );

  app.post(
    '/team/invitations/:id(^[\\w-]+$)/resend',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Send an invitation again with a new link; the previous link stops working (admins; audited)',
        params,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => resendInvitation(deps(), memberOf(request), request.params.id),
  );

  app.post(
    '/team/invitations/:id(^[\\w-]+$)/revoke',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Revoke an invitation: its link stops working (admins; audited)',
        params,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => revokeInvitation(deps(), memberOf(request), request.params.id),
  );

  app.post(
    '/team/members/:id(^[\\w-]+$)/remove',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Remove a member from the clinic; the last admin stays (admins; audited)',
        params,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => removeMember(deps(), memberOf(request), request.params.id),
  );

  app.post(
    '/team/members/:id(^[\\w-]+$)/role',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Change a member’s role (admin, practitioner or staff); the last admin stays an admin (admins; audited)',
        params,
        body: z.strictObject({ role: z.enum(clinicRoles, { error: 'Please choose a role' }) }),
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => changeMemberRole(deps(), memberOf(request), request.params.id, request.body.role),
  );

  app.post(
    '/team/join-requests/:id(^[\\w-]+$)/approve',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Approve a request to join the clinic with a role (admins; audited)',
        params,
        body: z.strictObject({ role: z.enum(clinicRoles, { error: 'Please choose a role' }) }),
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => decideJoinRequest(deps(), memberOf(request), request.params.id, 'approve', request.body.role),
  );

  app.post(
    '/team/join-requests/:id(^[\\w-]+$)/decline',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Decline a request to join the clinic (admins; audited)',
        params,
        response: { 200: teamSchema, ...errorResponses },
      },
    },
    async (request) => decideJoinRequest(deps(), memberOf(request), request.params.id, 'decline'),
  );

  app.get(
    '/clients',
    {
      schema: {
        tags: ['providers'],
        summary: 'The clients the member sees, by last name, searched by name or e-mail (audited)',
        querystring: z.object({ q: z.string().max(100, { error: 'Please search with at most 100 characters' }).optional().default('') }),
        response: { 200: z.object({ clients: z.array(clientSchema) }), ...errorResponses },
      },
    },
    async (request) => listClients(app.db, memberOf(request), request.query.q),
  );

  app.post(
    '/clients',
    {
      schema: {
        tags: ['providers'],
        summary: 'Add a client: 18 or older, in a US state; a client in New York is flagged for the at-home kit (audited)',
        body: clinicClientSchema(),
        response: { 201: clientSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await addClient(app.db, memberOf(request), request.body)),
  );

  app.get(
    '/clients/:id(^[\\w-]+$)',
    {
      schema: {
        tags: ['providers'],
        summary: 'One client the member sees; another clinic’s is not found (audited)',
        params,
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    async (request) => getClient(app.db, memberOf(request), request.params.id),
  );

  app.post(
    '/clients/:id(^[\\w-]+$)/practitioner',
    {
      config: { clinicRoles: ['admin', 'staff'] },
      schema: {
        tags: ['providers'],
        summary: 'Assign the client to a practitioner of the clinic, or to no one (admins and staff; audited)',
        params,
        body: z.strictObject({ memberId: z.string({ error: 'Please choose a practitioner of your clinic' }).max(64).nullable() }),
        response: { 200: clientSchema, ...errorResponses },
      },
    },
    async (request) => assignPractitioner(app.db, memberOf(request), request.params.id, request.body.memberId),
  );

  registerProviderOrderRoutes(app, memberOf);
  registerProviderDraftRoutes(app, memberOf);
  registerProviderFeeRoutes(app, memberOf);
  registerClinicCardRoutes(app, memberOf);
  registerResultsReleaseRoutes(app, memberOf);
  registerProviderWebhookRoutes(app, memberOf);
};
