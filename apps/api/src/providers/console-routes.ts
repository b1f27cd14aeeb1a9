import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payLinkStates,
  providerPayers,
  resultsReleaseRules,
  resultsReleaseStates,
  type ProviderPayer,
  type ResultsReleaseState,
} from '@shop/core';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import {
  clinicCard,
  clinicEndpoints,
  clinicFeeSums,
  clinicPeople,
  clinicRow,
  listClinics,
  openInvitations,
  payLinkCounts,
  recentPayLinks,
} from './console-repository.ts';
import { providerOrderState } from './orders.ts';

/** Operators run the clinics' accounts; support answers their questions. */
const clinicTeam = ['operator', 'support'] as const satisfies readonly Role[];

const idParams = z.object({ id: z.uuid({ error: 'Unknown clinic' }) });
const iso = (date: Date | null) => date?.toISOString() ?? null;

const clinicSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string(),
  state: z.string(),
  createdAt: z.string(),
  people: z.number().int(),
  clients: z.number().int(),
  payLinks: z.number().int(),
  paid: z.number().int(),
  hasCard: z.boolean(),
});

const clinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  address: z.object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }),
  npi: z.string().nullable(),
  emailDomain: z.string().nullable(),
  allClientsVisible: z.boolean(),
  resultsRelease: z.enum(resultsReleaseRules),
  createdAt: z.string(),
  people: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string(), joinedAt: z.string() })),
  invitations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.string(),
      sentAt: z.string(),
      expiresAt: z.string(),
      state: z.enum(['sent', 'expired']),
    }),
  ),
  card: z
    .object({
      saved: z.boolean(),
      brand: z.string().nullable(),
      last4: z.string().nullable(),
      expMonth: z.number().int().nullable(),
      expYear: z.number().int().nullable(),
      updatedAt: z.string(),
    })
    .nullable(),
  endpoints: z.array(
    z.object({
      id: z.string(),
      url: z.string(),
      createdAt: z.string(),
      removedAt: z.string().nullable(),
      delivered: z.number().int(),
      retrying: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  counts: z.object({
    waiting: z.number().int(),
    expired: z.number().int(),
    paid: z.number().int(),
    paidElsewhere: z.number().int(),
    cancelled: z.number().int(),
    clinicPaid: z.number().int(),
  }),
  fees: z.object({
    earnedCents: z.number().int(),
    refundedCents: z.number().int(),
    paidOutCents: z.number().int(),
    owedCents: z.number().int(),
  }),
  recent: z.array(
    z.object({
      id: z.string(),
      payer: z.enum(providerPayers),
      state: z.enum(payLinkStates),
      paidElsewhere: z.boolean(),
      totalCents: z.number().int(),
      feeCents: z.number().int(),
      sentAt: z.string(),
      paidAt: z.string().nullable(),
      resultsRelease: z.enum(resultsReleaseStates),
      order: z.object({ id: z.string(), number: z.number().int(), status: z.string() }).nullable(),
    }),
  ),
});

/**
 * The console's clinics (`/api/admin/clinics`): every clinic in counts, and one clinic's account
 * as its admins set it up (people, card, webhooks, fees) with its latest orders by number. A
 * client's name or results are not here: an order opens on its own page, whose reads are audited.
 */
export const adminClinicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clinics',
    {
      config: { roles: clinicTeam },
      schema: {
        tags: ['admin'],
        summary: 'Every clinic with counts that name nobody: people, clients, orders, paid orders, a card on file',
        response: { 200: z.object({ clinics: z.array(clinicSummarySchema) }), ...errorResponses },
      },
    },
    async () => ({
      clinics: (await listClinics(app.db)).map((clinic) => ({ ...clinic, createdAt: clinic.createdAt.toISOString() })),
    }),
  );

  app.get(
    '/clinics/:id',
    {
      config: { roles: clinicTeam },
      schema: {
        tags: ['admin'],
        summary:
          'One clinic: its details, people and open invitations, card, webhook endpoints, orders in counts and its latest orders by number',
        params: idParams,
        response: { 200: clinicSchema, ...errorResponses },
      },
    },
    async (request) => {
      const clinicId = request.params.id;
      const clinic = await clinicRow(app.db, clinicId);
      if (!clinic) throw notFound('CLINIC_NOT_FOUND', 'There is no such clinic.');
      const now = new Date();
      const [people, invitations, card, endpoints, counts, fees, recent] = await Promise.all([
        clinicPeople(app.db, clinicId),
        openInvitations(app.db, clinicId),
        clinicCard(app.db, clinicId),
        clinicEndpoints(app.db, clinicId),
        payLinkCounts(app.db, clinicId, now),
        clinicFeeSums(app.db, clinicId),
        recentPayLinks(app.db, clinicId),
      ]);
      return {
        id: clinic.id,
        name: clinic.name,
        type: clinic.type,
        address: {
          line1: clinic.addressLine1,
          line2: clinic.addressLine2,
          city: clinic.city,
          state: clinic.state,
          postalCode: clinic.postalCode,
        },
        npi: clinic.npi,
        emailDomain: clinic.emailDomain,
        allClientsVisible: clinic.settings.allClientsVisible,
        resultsRelease: clinic.settings.resultsRelease ?? 'automatic',
        createdAt: clinic.createdAt.toISOString(),
        people: people.map((person) => ({ ...person, joinedAt: person.joinedAt.toISOString() })),
        invitations: invitations.map((invitation) => ({
          ...invitation,
          sentAt: invitation.sentAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
          state: invitation.expiresAt <= now ? ('expired' as const) : ('sent' as const),
        })),
        card: card ? { ...card, updatedAt: card.updatedAt.toISOString() } : null,
        endpoints: endpoints.map((endpoint) => ({
          ...endpoint,
          createdAt: endpoint.createdAt.toISOString(),
          removedAt: iso(endpoint.removedAt),
        })),
        counts,
        fees: { earnedCents: fees.earned, refundedCents: fees.refunded, paidOutCents: fees.paidOut, owedCents: fees.owed },
        recent: recent.map((row) => ({
          id: row.id,
          payer: row.payer as ProviderPayer,
          state: providerOrderState(row, null, now),
          paidElsewhere: row.paidElsewhereAt !== null,
          totalCents: row.totalCents,
          feeCents: row.feeCents,
          sentAt: row.sentAt.toISOString(),
          paidAt: iso(row.paidAt),
          resultsRelease: row.resultsRelease as ResultsReleaseState,
          order:
            row.orderId && row.orderNumber !== null ? { id: row.orderId, number: row.orderNumber, status: row.orderStatus ?? '' } : null,
        })),
      };
    },
  );
};
