import { clinicCardSchema } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { clinicCardOf, confirmClinicCard, removeClinicCard, saveClinicCard, type ClinicCardDeps } from './clinic-card.ts';
import type { ClinicMember } from './members.ts';

const clinicCardViewSchema = z.object({
  card: z
    .object({
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      expMonth: z.number().nullable(),
      expYear: z.number().nullable(),
      label: z.string(),
      savedAt: z.string(),
    })
    .nullable(),
  /** a new card waits for the bank's check: the card above (if any) is still the one charged */
  awaitingBank: z.boolean(),
});

/** The clinic's card is billing: its admins' business, like its team and settings. */
const adminOnly = { roles: ['provider_admin'] as const satisfies readonly Role[] };

/**
 * The clinic's saved card (docs/decisions/0047-clinic-pays.md), inside the provider area (its hook
 * has found the member): admins only, their own clinic's card, read from the session.
 */
export function registerClinicCardRoutes(app: FastifyInstance, memberOf: (request: FastifyRequest) => ClinicMember) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ClinicCardDeps => ({ db: app.db, gateway: app.payments });

  routes.get(
    '/billing/card',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'The clinic’s saved card: brand, last four digits and expiry, or none (admins)',
        response: { 200: clinicCardViewSchema, ...errorResponses },
      },
    },
    async (request) => clinicCardOf(app.db, memberOf(request)),
  );

  routes.post(
    '/billing/card',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary:
          'Save or replace the clinic’s card from the gateway’s card form, charging nothing; 202 with a client secret when the bank checks it first (admins; audited)',
        body: clinicCardSchema,
        response: {
          200: clinicCardViewSchema,
          202: z.object({ clientSecret: z.string() }),
          402: errorSchema,
          502: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const answer = await saveClinicCard(deps(), memberOf(request), request.body.paymentMethod);
      if (answer.status === 'requires_action') return reply.status(202).send({ clientSecret: answer.clientSecret });
      return reply.status(200).send(answer.view);
    },
  );

  routes.post(
    '/billing/card/confirm',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'After the bank’s check of a new card: save it if the check passed (admins; audited)',
        response: { 200: clinicCardViewSchema, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request) => confirmClinicCard(deps(), memberOf(request)),
  );

  routes.delete(
    '/billing/card',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'Remove the clinic’s card; orders already paid keep their charge (admins; audited)',
        response: { 200: clinicCardViewSchema, ...errorResponses },
      },
    },
    async (request) => removeClinicCard(app.db, memberOf(request)),
  );
}
