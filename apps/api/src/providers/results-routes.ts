import { resultsReleaseSchema, resultsReleaseSettingSchema, resultsReleaseRules } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderResultsSchema } from '../results/routes.ts';
import { errorResponses } from '../schemas.ts';
import type { ClinicMember } from './members.ts';
import { providerOrderSchemaOut } from './order-routes.ts';
import { readClinicResults, releaseHeldResults, setResultsReleaseRule, type ResultsReleaseDeps } from './results-release.ts';

const params = z.object({ id: z.string().max(64) });
/** Who reads and releases results: practitioners and admins; staff run the clinic without its clients' health data. */
const reviewers = { clinicRoles: ['admin', 'practitioner'] as const };

/**
 * The results of the clinic's orders, inside the provider area (its hook has found the member): an
 * order of another clinic, or of a client the member does not see, is not found.
 */
export function registerResultsReleaseRoutes(app: FastifyInstance, memberOf: (request: FastifyRequest) => ClinicMember) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ResultsReleaseDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher });

  api.put(
    '/settings/results-release',
    {
      config: { roles: ['provider_admin'] },
      schema: {
        tags: ['providers'],
        summary:
          'When results of the clinic’s orders reach the client: automatically, after the ordering practitioner’s review, or after review only when a value is out of range (admins; audited)',
        body: resultsReleaseSettingSchema,
        response: { 200: z.object({ resultsRelease: z.enum(resultsReleaseRules) }), ...errorResponses },
      },
    },
    async (request) => setResultsReleaseRule(app.db, memberOf(request), request.body.resultsRelease),
  );

  api.get(
    '/orders/:id(^[\\w-]+$)/results',
    {
      config: reviewers,
      schema: {
        tags: ['providers'],
        summary:
          'The results of an order the clinic placed, whether released to the client or held (practitioners and admins; each read audited)',
        params,
        response: { 200: orderResultsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return readClinicResults(deps(), memberOf(request), request.params.id);
    },
  );

  api.post(
    '/orders/:id(^[\\w-]+$)/release',
    {
      config: reviewers,
      schema: {
        tags: ['providers'],
        summary:
          'Release held results to the client, with an optional note they read with them: they are e-mailed (practitioners and admins; audited)',
        params,
        body: resultsReleaseSchema,
        response: { 200: providerOrderSchemaOut, ...errorResponses },
      },
    },
    async (request) => releaseHeldResults(deps(), memberOf(request), request.params.id, request.body.note),
  );
}
