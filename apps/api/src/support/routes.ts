import { contactFormSchema, supportCopy, supportReplySchema, supportStatuses, supportTopics } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enforce, limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { listMemberThreads, memberReply, memberThread, startThread, type SupportDeps } from './service.ts';

const threadSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  topic: z.enum(supportTopics),
  status: z.enum(supportStatuses),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export const supportMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'staff']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
const memberThreadSchema = threadSummarySchema.extend({
  order: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  messages: z.array(supportMessageSchema),
});
const threadParams = z.object({ id: z.string().max(64) });

const supportDeps = (app: FastifyInstance): SupportDeps => ({ db: app.db, events: app.events, publicUrl: app.config.PUBLIC_URL });

/** Writing to support: the contact form, open to members and visitors alike (limited per address and per writer). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support/messages',
    {
      schema: {
        tags: ['support'],
        summary:
          'Send support a message: a member as their account (optionally about one of their orders), a visitor with a name and an e-mail',
        body: contactFormSchema,
        response: {
          201: z.object({ message: z.string(), threadId: z.string().nullable() }),
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: rateLimited({ limit: limits.supportMessagesPerAddress, by: 'address' }),
    },
    async (request, reply) => {
      const user = await request.currentUser();
      const writer = user?.id ?? request.body.email;
      if (writer) await enforce(app.db, limits.supportMessagesPerAccount, writer);
      const outcome = await startThread(supportDeps(app), user, request.body);
      if (outcome.kind === 'dropped') request.log.info({ source: 'support' }, 'contact form with its hidden field filled: dropped');
      const threadId = outcome.kind === 'stored' && user ? outcome.thread.id : null;
      return reply.status(201).send({ message: user ? supportCopy.sentToMember : supportCopy.sent, threadId });
    },
  );
};

/**
 * The member's own conversations with support, in the account area (signed in). Another member's
 * thread is not found, as one that does not exist.
 */
export const memberSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in member’s conversations with support, the latest first',
        response: { 200: z.object({ threads: z.array(threadSummarySchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return listMemberThreads(supportDeps(app), user.id);
    },
  );

  app.get(
    '/messages/:id',
    {
      schema: {
        tags: ['account'],
        summary: 'One of the member’s conversations with support, every message in order',
        params: threadParams,
        response: { 200: memberThreadSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return memberThread(supportDeps(app), user.id, request.params.id);
    },
  );

  app.post(
    '/messages/:id/replies',
    {
      schema: {
        tags: ['account'],
        summary: 'Reply in one of the member’s conversations; it waits for support again (a closed one opens anew)',
        params: threadParams,
        body: supportReplySchema,
        response: { 201: memberThreadSchema, 429: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await enforce(app.db, limits.supportRepliesPerAccount, user.id);
      return reply.status(201).send(await memberReply(supportDeps(app), user, request.params.id, request.body.body));
    },
  );
};
