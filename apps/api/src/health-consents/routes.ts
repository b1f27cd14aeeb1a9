import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorCookie } from '../http/visitor-cookie.ts';
import { errorResponses } from '../schemas.ts';
import { consentOrigin, givenConsentSchema } from './request.ts';
import { accountConsents, consentsInForce, recordConsent, withdrawConsent } from './service.ts';

const consentSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  version: z.string(),
  givenAt: z.string(),
  withdrawnAt: z.string().nullable(),
});

/**
 * The consents about health data apart from orders (docs/decisions/0076-health-data-consents.md):
 * given by a visitor or a member, listed and withdrawn by the member from their account.
 */
export const healthConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/health-consents',
    {
      schema: {
        tags: ['consents'],
        summary: 'Give a consent about health data (the current version of its words), as this account or browser',
        body: givenConsentSchema,
        response: { 201: consentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.currentUser();
      // a browser without an account keeps its consent under its visitor id, which signing up carries over
      const visitorId = visitorCookie.read(request) ?? randomUUID();
      const row = await recordConsent(app.db, { userId: user?.id ?? null, visitorId }, request.body, consentOrigin(request));
      visitorCookie.write(reply, visitorId, app.config.NODE_ENV === 'production');
      return reply.status(201).send({
        id: row.id,
        kind: row.kind,
        version: row.version,
        givenAt: row.givenAt.toISOString(),
        withdrawnAt: null,
      });
    },
  );

  app.get(
    '/health-consents/in-force',
    {
      schema: {
        tags: ['consents'],
        summary:
          'Which consents about health data this account (or, signed out, this browser) holds in force: what a page need not ask again',
        response: { 200: z.object({ kinds: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const user = await request.currentUser();
      return { kinds: await consentsInForce(app.db, { userId: user?.id ?? null, visitorId: visitorCookie.read(request) ?? null }) };
    },
  );
};

/** The member's own consents about health data, in the account area (signed in). */
export const memberHealthConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health-consents',
    {
      schema: {
        tags: ['consents'],
        summary: 'The member’s consents about health data, given and withdrawn, newest first',
        response: { 200: z.object({ consents: z.array(consentSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { consents: await accountConsents(app.db, user.id) };
    },
  );

  app.post(
    '/health-consents/:kind/withdraw',
    {
      schema: {
        tags: ['consents'],
        summary:
          'Withdraw the member’s consent of this kind (collect_health_data, share_with_clinic, share_with_employer): from now on nothing is collected or shared under it',
        params: z.object({ kind: z.string().max(40) }),
        response: { 200: z.object({ withdrawn: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return withdrawConsent(app.db, app.events, user.id, request.params.kind);
    },
  );
};
