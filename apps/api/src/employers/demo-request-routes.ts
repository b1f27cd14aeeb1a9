import { demoRequestNoteSchema, demoRequestStatuses, employerGroupSchema } from '@shop/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses } from '../schemas.ts';
import { createGroupFromDemoRequest, demoRequest, listDemoRequests, moveDemoRequest, noteDemoRequest } from './demo-requests.ts';

/** Demo requests become customers through operators, who also set employer groups up. */
const operatorOnly = ['operator'] as const satisfies readonly Role[];

const statusSchema = z.enum(demoRequestStatuses);
const demoRequestSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  benefitsContactName: z.string(),
  benefitsContactEmail: z.string(),
  consentToBeNamed: z.boolean(),
  status: statusSchema,
  employerGroupId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const demoRequestDetailSchema = demoRequestSchema.extend({
  activity: z.array(
    z.object({
      at: z.string(),
      by: z.string(),
      fromStatus: statusSchema.nullable(),
      toStatus: statusSchema.nullable(),
      note: z.string().nullable(),
    }),
  ),
  suggestedGroup: z.object({ name: z.string(), slug: z.string() }),
});
const idParams = z.object({ id: z.uuid({ error: 'Unknown demo request' }) });

/** The console's demo requests (the /business form's leads) as a pipeline: new → contacted → won or lost. */
export const adminDemoRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: FastifyRequest) => ({
    user: await request.requireUser(),
    ip: request.ip,
  });

  app.get(
    '/demo-requests',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'The demo requests, newest first, of one status or all',
        querystring: z.object({ status: statusSchema.optional() }),
        response: { 200: z.object({ requests: z.array(demoRequestSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ requests: await listDemoRequests(app.db, request.query.status) }),
  );

  app.get(
    '/demo-requests/:id',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'One demo request with its history (each move and note, who and when)',
        params: idParams,
        response: { 200: demoRequestDetailSchema, ...errorResponses },
      },
    },
    async (request) => demoRequest(app.db, request.params.id),
  );

  app.post(
    '/demo-requests/:id/status',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Move a demo request: new → contacted or lost, contacted → won or lost, lost → contacted (409 otherwise)',
        params: idParams,
        body: z.strictObject({ status: statusSchema, note: demoRequestNoteSchema.optional() }),
        response: { 200: demoRequestDetailSchema, ...errorResponses },
      },
    },
    async (request) => moveDemoRequest(app.db, await actorOf(request), request.params.id, request.body.status, request.body.note),
  );

  app.post(
    '/demo-requests/:id/notes',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Add a note to a demo request',
        params: idParams,
        body: z.strictObject({ note: demoRequestNoteSchema }),
        response: { 200: demoRequestDetailSchema, ...errorResponses },
      },
    },
    async (request) => noteDemoRequest(app.db, await actorOf(request), request.params.id, request.body.note),
  );

  app.post(
    '/demo-requests/:id/employer-group',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Create the employer group of a won demo request, once (409 when not won, already a group, or the slug is taken)',
        params: idParams,
        body: employerGroupSchema,
        response: { 201: z.object({ groupId: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroupFromDemoRequest(app.db, await actorOf(request), request.params.id, request.body)),
  );
};
