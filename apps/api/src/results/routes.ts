import { resultFlags } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { renderResultsReport } from './pdf.ts';
import { programOfferOn } from './program-offer.ts';
import { readResults } from './read.ts';
import { homeKitLaboratoryOf, reportDetailsOf } from './report-details.ts';
import { findOrderById } from './repository.ts';
import type { ResultsDeps } from './service.ts';

const range = z.object({ low: z.number().optional(), high: z.number().optional() });

export const orderResultsSchema = z.object({
  order: z.object({ id: z.string(), number: z.number(), status: z.string(), statusLabel: z.string() }),
  orderedBy: z.object({ practitioner: z.string().nullable(), clinic: z.string() }).nullable(),
  /** the physician of record: who approved the order, under which state's licence */
  physician: z.object({ name: z.string(), licence: z.string() }).nullable(),
  released: z.boolean(),
  heldForClinician: z.boolean(),
  note: z.string().nullable(),
  kits: z.array(
    z.object({
      kitSlug: z.string(),
      title: z.string(),
      status: z.string(),
      resultsAt: z.string().nullable(),
      results: z.array(
        z.object({
          biomarker: z.string(),
          title: z.string(),
          value: z.number(),
          unit: z.string(),
          range,
          flag: z.enum(resultFlags),
          display: z.object({ value: z.string(), range: z.string(), flag: z.string() }),
        }),
      ),
    }),
  ),
});

/**
 * The member's own results page adds the Improvement Program offered after a starter test bought
 * without it: its price and what the values suggest, in plain words; null when it is not theirs to add.
 */
const memberResultsSchema = orderResultsSchema.extend({
  programOffer: z.object({ productCode: z.string(), price: z.string(), summary: z.string(), suggestions: z.array(z.string()) }).nullable(),
});

export const resultsEntrySchema = z.object({
  order: z.object({ id: z.string(), number: z.number(), status: z.string() }),
  kit: z.object({ kitSlug: z.string(), status: z.literal('results_ready'), resultsAt: z.string() }),
});

const orderParams = z.object({ id: z.string().max(64) });

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ResultsDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/orders/:id/results',
    {
      schema: {
        tags: ['results'],
        summary: "An order's lab results, per kit and biomarker, for its customer or a clinician (each read is audited)",
        params: orderParams,
        response: { 200: memberResultsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const results = await readResults(deps(), user, request.params.id, { format: 'json', ip: request.ip });
      reply.header('cache-control', 'private, no-store');
      // only the member's own released results: a clinician reading them is offered nothing
      const flags = results.kits.flatMap((kit) => kit.results);
      const programOffer =
        results.released && flags.length > 0 ? await programOfferOn(app.db, { id: results.order.id, userId: user.id }, flags) : null;
      return { ...results, programOffer };
    },
  );

  app.get(
    '/orders/:id/results.pdf',
    {
      schema: {
        tags: ['results'],
        summary: "An order's lab results as a PDF, for its customer or a clinician (each read is audited)",
        params: orderParams,
        // the 200 is a PDF, sent as bytes; only the error bodies go through the serializer
        response: { 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const results = await readResults(deps(), user, request.params.id, { format: 'pdf', ip: request.ip });
      // the person tested is the order's member, whoever reads the report (its member or a clinician)
      const order = await findOrderById(app.db, results.order.id);
      const bytes = await renderResultsReport(
        results,
        await reportDetailsOf(app.db, { id: results.order.id, userId: order?.userId ?? null }, homeKitLaboratoryOf(app.config)),
      );
      return reply
        .header('content-disposition', `attachment; filename="base-results-${results.order.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(Buffer.from(bytes) as never);
    },
  );
};
