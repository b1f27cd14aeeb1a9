import { collectionChoiceSchema, supportReplySchema, supportStatuses, supportTopics } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses } from '../schemas.ts';
import { supportMessageSchema } from './routes.ts';
import { changeCollection, closeThread, consoleThread, consoleThreads, staffReply, type SupportDeps } from './service.ts';

/** Who answers customers' messages: support, and operators who run the shop. */
export const supportRoles = ['support', 'operator'] as const satisfies readonly Role[];

const consoleThreadSchema = z.object({
  id: z.string(),
  subject: z.string(),
  topic: z.enum(supportTopics),
  status: z.enum(supportStatuses),
  lastMessageAt: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  /** whether a member wrote (they read replies in their account too) or a visitor */
  member: z.boolean(),
});
const threadDetailSchema = consoleThreadSchema.extend({
  order: z
    .object({
      id: z.string(),
      number: z.number().int(),
      status: z.string(),
      collection: z
        .object({
          method: z.enum(['home', 'lab']),
          label: z.string(),
          fullName: z.string().nullable(),
          shippingAddress: z.string().nullable(),
          apartmentNumber: z.string().nullable(),
          city: z.string().nullable(),
          zipCode: z.string(),
          phone: z.string().nullable(),
          labLocationId: z.string().nullable(),
        })
        .nullable(),
      collectionChangeable: z.boolean(),
    })
    .nullable(),
  labs: z.array(z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string(), zipCode: z.string() })),
  messages: z.array(supportMessageSchema),
});
const threadParams = z.object({ id: z.string().max(64) });

/** The console's support inbox: conversations by status, a thread to read and answer, close, or change an order's collection. */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): SupportDeps => ({ db: app.db, events: app.events, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/messages',
    {
      config: { roles: supportRoles },
      schema: {
        tags: ['admin'],
        summary: 'Support conversations of one status (open: waiting for support, the longest first), with the count of each status',
        querystring: z.object({ status: z.enum(supportStatuses).default('open') }),
        response: {
          200: z.object({
            counts: z.object({ open: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
            threads: z.array(consoleThreadSchema.extend({ messageCount: z.number().int() })),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => consoleThreads(deps(), request.query.status),
  );

  app.get(
    '/messages/:id(^[\\w-]+$)',
    {
      config: { roles: supportRoles },
      schema: {
        tags: ['admin'],
        summary: 'One support conversation with its messages and the order it is about',
        params: threadParams,
        response: { 200: threadDetailSchema, ...errorResponses },
      },
    },
    async (request) => consoleThread(deps(), request.params.id),
  );

  app.post(
    '/messages/:id(^[\\w-]+$)/replies',
    {
      config: { roles: supportRoles },
      schema: {
        tags: ['admin'],
        summary: 'Answer a conversation: kept in the thread, e-mailed to the customer, audited',
        params: threadParams,
        body: supportReplySchema,
        response: { 201: threadDetailSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await staffReply(deps(), { user, ip: request.ip }, request.params.id, request.body.body));
    },
  );

  app.post(
    '/messages/:id(^[\\w-]+$)/close',
    {
      config: { roles: supportRoles },
      schema: {
        tags: ['admin'],
        summary: 'Close a conversation (audited); the customer’s next message opens it again',
        params: threadParams,
        response: { 200: threadDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return closeThread(deps(), { user, ip: request.ip }, request.params.id);
    },
  );

  app.post(
    '/messages/:id(^[\\w-]+$)/collection',
    {
      config: { roles: supportRoles },
      schema: {
        tags: ['admin'],
        summary:
          'Change the collection choice of the order a conversation is about, before a kit is prepared or a lab order sent (audited)',
        params: threadParams,
        body: collectionChoiceSchema,
        response: { 200: threadDetailSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return changeCollection(deps(), { user, ip: request.ip }, request.params.id, request.body);
    },
  );
};
