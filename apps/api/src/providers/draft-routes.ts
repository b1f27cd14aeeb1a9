import { providerOrderDraftSchema, providerPayers } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import type { ClinicOrderDeps } from './clinic-orders.ts';
import { discardDraft, draftOrder, listDrafts, sendDraft } from './drafts.ts';
import type { ClinicMember } from './members.ts';
import { providerOrderSchemaOut } from './order-routes.ts';

const draftSchemaOut = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  payer: z.enum(providerPayers),
  items: z.array(z.object({ key: z.string(), title: z.string() })),
  feeCents: z.number().int(),
  note: z.string().nullable(),
  draftedBy: z.string().nullable(),
  practitionerMemberId: z.string().nullable(),
  practitionerName: z.string().nullable(),
  createdAt: z.string(),
  canSend: z.boolean(),
});
const params = z.object({ id: z.string().max(64) });

/**
 * Orders drafted by the clinic's staff for a practitioner to send (docs/decisions/0054-staff-order-drafts.md),
 * inside the provider area (its hook has found the member): a draft of another clinic, or one the
 * member does not see, is not found.
 */
export function registerProviderDraftRoutes(app: FastifyInstance, memberOf: (request: FastifyRequest) => ClinicMember) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ClinicOrderDeps => ({
    db: app.db,
    publicUrl: app.config.PUBLIC_URL,
    emailSecrets: app.emailSecrets,
    checkout: app.checkout,
  });

  api.get(
    '/drafts',
    {
      schema: {
        tags: ['providers'],
        summary: 'Drafted orders still waiting: staff see their own, a practitioner those waiting for them, admins all',
        response: { 200: z.object({ drafts: z.array(draftSchemaOut) }), ...errorResponses },
      },
    },
    async (request) => listDrafts(app.db, memberOf(request)),
  );

  api.post(
    '/drafts',
    {
      config: { clinicRoles: ['staff'] as const },
      schema: {
        tags: ['providers'],
        summary: 'Draft an order for a practitioner of the clinic to send: the client, the tests, who pays, and a note (staff; audited)',
        body: providerOrderDraftSchema,
        response: { 201: draftSchemaOut, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await draftOrder(app.db, memberOf(request), request.body)),
  );

  api.post(
    '/drafts/:id(^[\\w-]+$)/send',
    {
      config: { clinicRoles: ['admin', 'practitioner'] as const },
      schema: {
        tags: ['providers'],
        summary:
          'Send a drafted order as the practitioner it waits for (or an admin): an ordinary order of the clinic, made once (audited)',
        description: '402: the order is paid by the clinic and its card did not pay; the order is made and waits in the list.',
        params,
        response: { 201: providerOrderSchemaOut, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await sendDraft(deps(), memberOf(request), request.params.id)),
  );

  api.post(
    '/drafts/:id(^[\\w-]+$)/discard',
    {
      schema: {
        tags: ['providers'],
        summary: 'Discard a draft still waiting (the practitioner it waits for, an admin, or the staff member who drafted it; audited)',
        params,
        response: { 200: z.object({ id: z.string() }), ...errorResponses },
      },
    },
    async (request) => discardDraft(app.db, memberOf(request), request.params.id),
  );
}
