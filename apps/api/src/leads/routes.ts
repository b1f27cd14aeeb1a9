import { leadForms, leadKinds, type LeadData, type LeadKind } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimited, type Limit } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
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
      async (request) => submitLead(app, kind, request.body as LeadData<typeof kind>),
    );
  }
};
