import { censusUploadSchema, codeBatchSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { censusAnswerSchema } from './admin-routes.ts';
import { CensusRefused } from './census-upload.ts';
import { portalActorOf, portalCensusOf, portalCodeBatchesOf, portalMintCodes, portalUploadCensus } from './portal-eligibility.ts';

const censusSchema = z.object({
  version: z.number().int(),
  rowCount: z.number().int(),
  uploadedAt: z.string().nullable(),
  uploadedBy: z.string().nullable(),
});

/** A refused census: every reason core's parser gave, each at its line (null for the file as a whole). */
const censusRefusalSchema = z.object({
  code: z.literal('CENSUS_INVALID'),
  message: z.string(),
  problems: z.array(z.object({ line: z.number().int().nullable(), message: z.string() })),
});

const batchSchema = z.object({ batch: z.number().int(), createdAt: z.string(), size: z.number().int(), used: z.string() });

/**
 * The portal's census and codes (`/api/business`, employer admins only, mounted with the portal):
 * the admin's own group, found from the session; no route takes a group id.
 */
export const businessEligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = async (request: { requireUser(): Promise<{ id: string; role?: string | null }>; ip: string }) =>
    portalActorOf(app.db, await request.requireUser(), request.ip);

  app.get(
    '/census',
    {
      schema: {
        tags: ['business'],
        summary: 'The group’s census in force: its version, how many employees, uploaded when and by whom (nobody is listed)',
        response: { 200: censusSchema, ...errorResponses },
      },
    },
    async (request) => portalCensusOf(app.db, (await actorOf(request)).groupId),
  );

  app.post(
    '/census',
    {
      schema: {
        tags: ['business'],
        summary: 'Upload the group’s census CSV: a dry run says what would change; otherwise it becomes the next version',
        description: '422: a malformed file, a duplicate employee or a minor: every reason at its line, and nothing changes.',
        body: censusUploadSchema,
        response: { 200: censusAnswerSchema, 422: censusRefusalSchema, ...errorResponses },
      },
      bodyLimit: 2_100_000,
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      try {
        return await portalUploadCensus(app, actor, request.body);
      } catch (error) {
        if (!(error instanceof CensusRefused)) throw error;
        return reply.status(422).send({ code: 'CENSUS_INVALID' as const, message: error.message, problems: error.problems });
      }
    },
  );

  app.get(
    '/codes',
    {
      schema: {
        tags: ['business'],
        summary: 'The group’s batches of eligibility codes, newest first: minted when, how many, how many used (“fewer than 5” when small)',
        response: { 200: z.object({ batches: z.array(batchSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ batches: await portalCodeBatchesOf(app.db, (await actorOf(request)).groupId) }),
  );

  app.post(
    '/codes',
    {
      schema: {
        tags: ['business'],
        summary: 'Mint a batch of single-use eligibility codes for the group: shown in this answer only, kept as hashes',
        body: codeBatchSchema,
        response: { 201: z.object({ batch: z.number().int(), codes: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await portalMintCodes(app.db, await actorOf(request), request.body.count)),
  );
};
