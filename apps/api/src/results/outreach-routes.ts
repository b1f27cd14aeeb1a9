import { outreachChannels, outreachLevels, outreachOutcomes } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { heldResultsDetail, heldResultsQueue, recordOutreachAttempt, releaseHeldResults, type HoldDeps } from './outreach.ts';

/** Held results are health data: clinicians only, as for reading results (access.ts). */
const outreachRoles = ['clinician'] as const;

const attemptSchema = z.object({
  id: z.string(),
  channel: z.enum(outreachChannels),
  outcome: z.enum(outreachOutcomes),
  toNumber: z.string().nullable(),
  createdAt: z.string(),
});

const clock = {
  level: z.enum(outreachLevels),
  heldAt: z.string(),
  ageMinutes: z.number(),
  dueAt: z.string(),
  overdue: z.boolean(),
};

const holdParams = z.object({ id: z.string().max(64) });

/**
 * The clinician's outreach on held results (docs/decisions/0065-critical-and-alert-values.md):
 * the queue with its clocks, one hold with its values and attempts, an attempt, the release.
 * Mounted in the console's area; each route narrows it to clinicians.
 */
export const resultOutreachRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): HoldDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher });

  app.get(
    '/result-holds',
    {
      config: { roles: outreachRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'Results held for a clinician to reach the person (critical first, then the oldest), each with its clock',
        response: {
          200: z.object({
            holds: z.array(
              z.object({
                id: z.string(),
                orderId: z.string(),
                orderNumber: z.number(),
                name: z.string().nullable(),
                email: z.string(),
                kit: z.string(),
                ...clock,
                attempts: z.number(),
                lastAttemptAt: z.string().nullable(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { holds: await heldResultsQueue(app.db) };
    },
  );

  app.get(
    '/result-holds/:id',
    {
      config: { roles: outreachRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'One hold: the person, the values that caused it (an audited read), the attempts and whether the rule allows a release',
        params: holdParams,
        response: {
          200: z.object({
            id: z.string(),
            orderId: z.string(),
            orderNumber: z.number(),
            name: z.string().nullable(),
            email: z.string(),
            phone: z.string().nullable(),
            kit: z.string(),
            status: z.enum(['open', 'released']),
            ...clock,
            findings: z.array(
              z.object({ biomarker: z.string(), title: z.string(), level: z.enum(outreachLevels), value: z.string(), range: z.string() }),
            ),
            attempts: z.array(attemptSchema),
            release: z.object({ at: z.string().nullable(), reason: z.string().nullable(), note: z.string().nullable() }).nullable(),
            releaseAllowed: z.boolean(),
            releaseMessage: z.string().nullable(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      reply.header('cache-control', 'private, no-store');
      return heldResultsDetail(deps(), request.params.id, { id: user.id, role: user.role ?? 'clinician' }, request.ip);
    },
  );

  app.post(
    '/result-holds/:id/attempts',
    {
      config: { roles: outreachRoles },
      schema: {
        tags: ['admin', 'results'],
        summary:
          'Record an attempt to reach the person: a call (reached, no answer, left a message), a text asking them to call back, a letter',
        description:
          '409 HOLD_RELEASED: the results were released. 422 OUTCOME_OF_CHANNEL: an outcome the channel cannot have; NO_TEXT_NUMBER: a text without a US number.',
        params: holdParams,
        body: z.strictObject({
          channel: z.enum(outreachChannels, { error: `channel must be one of ${outreachChannels.join(', ')}` }),
          outcome: z.enum(outreachOutcomes, { error: `outcome must be one of ${outreachOutcomes.join(', ')}` }),
          phone: z.string().trim().max(30).optional(),
        }),
        response: { 201: attemptSchema, 422: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const attempt = await recordOutreachAttempt(deps(), {
        holdId: request.params.id,
        channel: request.body.channel,
        outcome: request.body.outcome,
        phone: request.body.phone,
        clinician: { id: user.id, role: user.role ?? 'clinician' },
        ip: request.ip,
      });
      return reply.status(201).send(attempt);
    },
  );

  app.post(
    '/result-holds/:id/release',
    {
      config: { roles: outreachRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'Release held results with a note, once the person was reached or after three attempts and a letter',
        description:
          '409 OUTREACH_INCOMPLETE: the rule does not allow it yet (the message says what is missing); HOLD_RELEASED: released already.',
        params: holdParams,
        body: z.strictObject({
          note: z
            .string({ error: 'Write a note on what the person was told' })
            .trim()
            .min(1, { error: 'Write a note on what the person was told' })
            .max(2000, { error: 'The note can be at most 2,000 characters' }),
        }),
        response: {
          200: z.object({
            hold: z.object({ id: z.string(), status: z.literal('released'), releasedAt: z.string(), reason: z.string() }),
            order: z.object({ id: z.string(), number: z.number(), status: z.string() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const released = await releaseHeldResults(deps(), {
        holdId: request.params.id,
        note: request.body.note,
        clinician: { id: user.id, role: user.role ?? 'clinician' },
        ip: request.ip,
      });
      request.log.info({ orderId: released.order.id, holdId: released.hold.id }, 'held results released');
      return released;
    },
  );
};
