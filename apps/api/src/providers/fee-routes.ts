import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses } from '../schemas.ts';
import { clinicFeeLedger } from './fees.ts';
import type { ClinicMember } from './members.ts';

export const clinicFeeLedgerSchema = z.object({
  earned: z.string(),
  refunded: z.string(),
  paidOut: z.string(),
  owed: z.string(),
  entries: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.number(),
      clientName: z.string().nullable(),
      amount: z.string(),
      state: z.enum(['earned', 'paid_out', 'refunded']),
      reason: z.string(),
      createdAt: z.string(),
    }),
  ),
});
/** What the clinic is owed is its admins' business, like its team and settings. */
const adminOnly = { roles: ['provider_admin'] as const satisfies readonly Role[] };

/** The clinic's fee ledger, inside the provider area (its hook has found the member): admins only, their own clinic's. */
export function registerProviderFeeRoutes(app: FastifyInstance, memberOf: (request: FastifyRequest) => ClinicMember) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/fees',
    {
      config: adminOnly,
      schema: {
        tags: ['providers'],
        summary: 'The clinic’s fees charged to its clients: each one earned or refunded, and what is owed to the clinic (admins; audited)',
        response: { 200: clinicFeeLedgerSchema, ...errorResponses },
      },
    },
    async (request) => clinicFeeLedger(app.db, memberOf(request)),
  );
}
