import { leadForms, leadKinds, type LeadData, type LeadKind } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoles } from '../auth/session.ts';
import { rateLimited, type Limit } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { listLeads } from './repository.ts';
import { submitLead } from './service.ts';

/**
 * Per address and form: enough for a person who corrects and resends, or a small office behind
 * one address, and few enough that a script cannot fill the table.
 */
export const leadLimit = (kind: LeadKind): Limit => ({ name: `lead:${kind}:ip`, max: 10, windowSeconds: 60 * 60 });

const summaries: Record<LeadKind, string> = {
  business_contact: 'An employer asks for a demo (business contact form)',
  providers_contact: 'A provider asks for the free dashboard (providers contact form)',
  whitepaper: 'Ask for the whitepaper',
  provider_referral: 'Refer a provider',
  sample_plan: 'Subscribe to the sample nutritional plan',
};

const leadSchema = z.object({
  id: z.string(),
  kind: z.string(),
  email: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
  createdAt: z.string(),
});

export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of leadKinds) {
    const form = leadForms[kind];
    app.post(
      `/leads/${form.path}`,
      {
        schema: {
          tags: ['leads'],
          summary: summaries[kind],
          body: form.schema,
          response: { 200: z.object({ message: z.string() }), 429: errorSchema, ...errorResponses },
        },
        // runs after the body is validated: a refused form does not count against the visitor
        preHandler: rateLimited({ limit: leadLimit(kind), by: 'address' }),
      },
      async (request) => submitLead(app.db, kind, request.body as LeadData<typeof kind>),
    );
  }

  app.get(
    '/admin/leads',
    {
      schema: {
        tags: ['admin'],
        summary: 'The leads the storefront forms stored, newest first (staff only)',
        querystring: z.object({ kind: z.enum(leadKinds).optional(), email: z.string().trim().max(254).optional() }),
        response: { 200: z.object({ leads: z.array(leadSchema) }), ...errorResponses },
      },
      preHandler: async (request) => {
        await request.requireRole(...staffRoles);
      },
    },
    async (request) => {
      const rows = await listLeads(app.db, request.query, 100);
      return {
        leads: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          email: row.email,
          fields: row.fields,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
