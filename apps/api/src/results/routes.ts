import { kitSlugs, resultFlags, resultSetSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { resultsEntryRoles } from './access.ts';
import { renderResultsReport } from './pdf.ts';
import { readResults } from './read.ts';
import { enterResults, type ResultsDeps } from './service.ts';

const range = z.object({ low: z.number().optional(), high: z.number().optional() });

export const orderResultsSchema = z.object({
  order: z.object({ id: z.string(), number: z.number(), status: z.string(), statusLabel: z.string() }),
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

export const resultsEntrySchema = z.object({
  order: z.object({ id: z.string(), number: z.number(), status: z.string() }),
  kit: z.object({ kitSlug: z.string(), status: z.literal('results_ready'), resultsAt: z.string() }),
});

const orderParams = z.object({ id: z.string().max(64) });

export const resultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ResultsDeps => ({ db: app.db, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL });

  app.get(
    '/orders/:id/results',
    {
      schema: {
        tags: ['results'],
        summary: "An order's lab results, per kit and biomarker, for its customer or a clinician (each read is audited)",
        params: orderParams,
        response: { 200: orderResultsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const results = await readResults(deps(), user, request.params.id, { format: 'json', ip: request.ip });
      reply.header('cache-control', 'private, no-store');
      return results;
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
      const bytes = await renderResultsReport(results);
      return reply
        .header('content-disposition', `attachment; filename="base-results-${results.order.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(Buffer.from(bytes) as never);
    },
  );

  app.post(
    '/admin/orders/:id/results/:kitSlug',
    {
      // before the body is read: a stranger learns nothing from how their body is judged
      onRequest: async (request) => {
        await request.requireRole(...resultsEntryRoles);
      },
      schema: {
        tags: ['admin', 'results'],
        summary: "Enter a kit's lab results in the console (clinicians and operators); once per kit",
        params: z.object({ id: z.uuid({ error: 'The order id is not valid.' }), kitSlug: z.enum(kitSlugs, { error: 'Unknown kit' }) }),
        body: resultSetSchema,
        response: { 201: resultsEntrySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const entered = await enterResults(deps(), {
        orderId: request.params.id,
        kitSlug: request.params.kitSlug,
        results: request.body.results,
        source: 'console',
        actor: { id: user.id, role: user.role ?? 'customer' },
        ip: request.ip,
      });
      request.log.info({ orderId: entered.order.id, kit: entered.kit.kitSlug, source: 'console' }, 'lab results entered');
      return reply.status(201).send(entered);
    },
  );
};
