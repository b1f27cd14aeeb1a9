import { findTest } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorSchema } from '../schemas.ts';
import { renderSampleReport } from './sample-report.ts';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports/sample-results/:testId',
    {
      schema: {
        tags: ['reports'],
        summary: 'A sample results report for a test, as a PDF with example values; TEST_NOT_FOUND for an unknown test',
        params: z.object({ testId: z.coerce.number().int().positive() }),
        // the 200 is a PDF, not JSON, so it has no zod schema; fastify sends a Buffer as it is, never
        // through the serializer, which only ever sees the error bodies below
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const test = findTest(request.params.testId);
      if (!test) throw notFound('TEST_NOT_FOUND', 'We could not find this test.');
      const bytes = await renderSampleReport(test);
      return (
        reply
          .header('content-disposition', `attachment; filename="base-sample-results-${test.slug}.pdf"`)
          .header('cache-control', 'public, max-age=86400')
          .type('application/pdf')
          // the typed reply only knows the declared (error) bodies, hence the cast for the binary 200
          .send(Buffer.from(bytes) as never)
      );
    },
  );
};
