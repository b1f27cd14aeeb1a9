import { clinicWebhookEndpointSchema, clinicWebhookEventTypes, clinicWebhookStatuses } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses } from '../schemas.ts';
import type { ClinicMember } from './members.ts';
import type { WebhookDeps } from './webhook-delivery.ts';
import { addEndpoint, redeliver, removeEndpoint, webhooksOf } from './webhooks.ts';

const endpointSchema = z.object({ id: z.string(), url: z.string(), secretHint: z.string(), createdAt: z.string() });
export const clinicWebhooksSchema = z.object({
  endpoints: z.array(endpointSchema),
  deliveries: z.array(
    z.object({
      id: z.string(),
      endpointId: z.string(),
      url: z.string(),
      endpointRemoved: z.boolean(),
      eventId: z.string(),
      type: z.enum(clinicWebhookEventTypes),
      status: z.enum(clinicWebhookStatuses),
      attempts: z.number().int(),
      lastStatusCode: z.number().int().nullable(),
      lastError: z.string().nullable(),
      lastAttemptAt: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
const params = z.object({ id: z.string().max(64) });
/** The clinic's integration is its admins' business, like its team and settings. */
const adminOnly = { roles: ['provider_admin'] as const satisfies readonly Role[] };

/**
 * The clinic's webhook endpoints and their delivery log, inside the provider area (its hook has
 * found the member): admins only; another clinic's endpoint or delivery is not found.
 */
export function registerProviderWebhookRoutes(app: FastifyInstance, memberOf: (request: FastifyRequest) => ClinicMember) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): WebhookDeps => ({ db: app.db, secrets: app.emailSecrets, allowLoopback: app.config.NODE_ENV !== 'production' });

  api.get(
    '/webhooks',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'The clinic’s webhook endpoints and its latest 100 deliveries, newest first (admins)',
        response: { 200: clinicWebhooksSchema, ...errorResponses },
      },
    },
    async (request) => webhooksOf(app.db, memberOf(request)),
  );

  api.post(
    '/webhooks/endpoints',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Register an https endpoint for the clinic’s signed events; its signing secret is answered this once (admins; audited)',
        body: clinicWebhookEndpointSchema,
        response: { 201: z.object({ endpoint: endpointSchema, secret: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await addEndpoint(deps(), memberOf(request), request.body.url)),
  );

  api.post(
    '/webhooks/endpoints/:id(^[\\w-]+$)/remove',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Remove an endpoint: it gets no new events, and its waiting retries stop (admins; audited)',
        params,
        response: { 200: clinicWebhooksSchema, ...errorResponses },
      },
    },
    async (request) => removeEndpoint(deps(), memberOf(request), request.params.id),
  );

  api.post(
    '/webhooks/deliveries/:id(^[\\w-]+$)/redeliver',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Send a delivery again now, with the same event id and body (admins; audited)',
        params,
        response: { 200: clinicWebhooksSchema, ...errorResponses },
      },
    },
    async (request) => redeliver(deps(), memberOf(request), request.params.id),
  );
}
