import {
  bankCorrectionSchema,
  bankTopUpSchema,
  billingModeSchema,
  billingModes,
  codeBatchSchema,
  employerAdminInviteSchema,
  employerGroupSchema,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { bankOf, correctBank, setBillingMode, topUpBank } from './bank.ts';
import { billingDetailsViewSchema } from './billing-routes.ts';
import { uploadCensus } from './census-upload.ts';
import { consoleGroup, createGroup, listGroups, mintCodes, updateGroup } from './console.ts';
import { employerInvitationListSchema, invitationDeps } from './admin-invitation-routes.ts';
import { employerInvitationsOf, inviteEmployerAdmin } from './admin-invitations.ts';

/** Employer groups are set up by operators. */
const operatorOnly = ['operator'] as const satisfies readonly Role[];

const groupSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logoText: z.string(),
  goals: z.array(z.string()),
  coverCents: z.number().int().nullable(),
  includesProgram: z.boolean(),
  capEmployees: z.number().int().nullable(),
  capSpendCents: z.number().int().nullable(),
  planYearStart: z.string(),
  planYearEnd: z.string(),
  eligibility: z.string(),
  emailDomains: z.array(z.string()),
  billing: billingDetailsViewSchema,
  codes: z.number().int(),
  codesUsed: z.number().int(),
  census: z.number().int(),
  censusVersion: z.number().int(),
  enrolled: z.number().int(),
  covered: z.number().int(),
});

const bankSchema = z.object({
  billingMode: z.enum(billingModes),
  balanceCents: z.number().int(),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['top_up', 'draw', 'return', 'guarantee', 'correction']),
      amountCents: z.number().int(),
      orderId: z.string().nullable(),
      /** the number people read of the order a draw or return is for (null for a top-up or a correction) */
      orderNumber: z.number().nullable(),
      reference: z.string().nullable(),
      /** why an operator corrected the balance (corrections only) */
      reason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

const idParams = z.object({ id: z.uuid({ error: 'Unknown employer group' }) });

/** The answer to a census upload, in the console and in the employer's portal alike. */
export const censusAnswerSchema = z.object({
  applied: z.boolean(),
  version: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  preview: z.array(z.object({ change: z.enum(['added', 'removed', 'changed']), name: z.string() })),
});

/** The console's employer groups: set up and edit a group, mint its codes, upload its census. */
export const adminEmployerRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { requireUser(): Promise<{ id: string; role?: string | null }>; ip: string }) => ({
    user: await request.requireUser(),
    ip: request.ip,
  });

  app.get(
    '/employers',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Every employer group with its counts',
        response: { 200: z.object({ groups: z.array(groupSchema) }), ...errorResponses },
      },
    },
    async () => ({ groups: await listGroups(app.db) }),
  );

  app.post(
    '/employers',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Create an employer group (409 when its slug is taken)',
        body: employerGroupSchema,
        response: { 201: groupSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createGroup(app.db, await actorOf(request), request.body)),
  );

  app.get(
    '/employers/:id',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'One employer group with its counts',
        params: idParams,
        response: { 200: groupSchema, ...errorResponses },
      },
    },
    async (request) => consoleGroup(app.db, request.params.id),
  );

  app.put(
    '/employers/:id',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Change an employer group',
        params: idParams,
        body: employerGroupSchema,
        response: { 200: groupSchema, ...errorResponses },
      },
    },
    async (request) => updateGroup(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/employers/:id/codes',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Mint a batch of single-use eligibility codes: shown in this answer only, kept as hashes',
        params: idParams,
        // the portal's schema: both areas refuse the same counts with the same message
        body: codeBatchSchema,
        response: { 201: z.object({ batch: z.number().int(), codes: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await mintCodes(app.db, await actorOf(request), request.params.id, request.body.count)),
  );

  app.post(
    '/employers/:id/census',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Upload a census CSV: a dry run says what would change; otherwise it becomes the next version',
        description: '422: a malformed file, a duplicate employee or a minor: every reason by line, and nothing changes.',
        params: idParams,
        body: z.strictObject({ csv: z.string().min(1).max(2_000_000), dryRun: z.boolean() }),
        response: { 200: censusAnswerSchema, 422: errorSchema, ...errorResponses },
      },
      bodyLimit: 2_100_000,
    },
    async (request) => uploadCensus(app, await actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/employers/:id/admins',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'The invitations of a group’s employer admins, newest first: sent, accepted or expired',
        params: idParams,
        response: { 200: employerInvitationListSchema, ...errorResponses },
      },
    },
    async (request) => {
      await consoleGroup(app.db, request.params.id);
      return { invitations: await employerInvitationsOf(app.db, request.params.id) };
    },
  );

  app.post(
    '/employers/:id/admins',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Invite an employer admin: a single-use link valid for 7 days, e-mailed; at most 5 admins and open invitations per group',
        params: idParams,
        body: employerAdminInviteSchema,
        response: { 201: z.object({ email: z.string(), expiresAt: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const invite = { groupId: request.params.id, email: request.body.email, inviter: 'Base' };
      return reply.status(201).send(await inviteEmployerAdmin(invitationDeps(app), await actorOf(request), invite));
    },
  );

  app.get(
    '/employers/:id/bank',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'A group’s billing mode, its prepaid testing bank’s balance and ledger (newest first)',
        params: idParams,
        response: { 200: bankSchema, ...errorResponses },
      },
    },
    async (request) => bankOf(app.db, request.params.id),
  );

  app.put(
    '/employers/:id/billing-mode',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Bill the group’s covered orders by monthly invoice or from its prepaid testing bank, from now on',
        params: idParams,
        body: billingModeSchema,
        response: { 200: bankSchema, ...errorResponses },
      },
    },
    async (request) => setBillingMode(app.db, await actorOf(request), request.params.id, request.body.mode),
  );

  app.post(
    '/employers/:id/bank/top-ups',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Record money the employer paid into its prepaid testing bank, with the transfer’s reference',
        params: idParams,
        body: bankTopUpSchema,
        response: { 201: bankSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await topUpBank(app.db, await actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/employers/:id/bank/corrections',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Take money off a group’s prepaid testing bank, with the reason and a reference; never more than the balance (409)',
        params: idParams,
        body: bankCorrectionSchema,
        response: { 201: bankSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await correctBank(app.db, await actorOf(request), request.params.id, request.body)),
  );
};
