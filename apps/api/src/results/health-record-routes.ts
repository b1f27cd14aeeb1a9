import { recordFlags, resultFlags } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { readHealthRecord } from './health-record.ts';

const range = z.object({ low: z.number().optional(), high: z.number().optional() });

export const healthRecordSchema = z.object({
  timeline: z.array(
    z.object({
      /** `outside`: values a member uploaded from another lab, entered by staff (no order) */
      origin: z.enum(['order', 'outside']),
      orderId: z.string().nullable(),
      orderNumber: z.number().nullable(),
      /** the other lab of an outside result set, null for an order's */
      outsideLab: z.string().nullable(),
      resultSetId: z.string().nullable(),
      reportedAt: z.string(),
      note: z.object({ text: z.string(), by: z.enum(['practitioner', 'clinician']) }).nullable(),
      kits: z.array(
        z.object({
          kitTitle: z.string(),
          reportedAt: z.string(),
          results: z.array(
            z.object({
              biomarker: z.string(),
              title: z.string(),
              flag: z.enum(resultFlags),
              display: z.object({ value: z.string(), range: z.string(), flag: z.string() }),
            }),
          ),
        }),
      ),
    }),
  ),
  biomarkers: z.array(
    z.object({
      biomarker: z.string(),
      title: z.string(),
      unit: z.string(),
      range,
      /** a band a guideline names as the best to be in, with the guideline; null where none does */
      optimal: z.object({ band: range, display: z.string(), source: z.string() }).nullable(),
      measurements: z.array(
        z.object({
          orderNumber: z.number().nullable(),
          /** the other lab's name when the value is an outside result, null for an order's */
          outsideLab: z.string().nullable(),
          reportedAt: z.string(),
          value: z.number(),
          range,
          recordFlag: z.enum(recordFlags),
          display: z.object({ value: z.string(), range: z.string() }),
          explanation: z.string().nullable(),
        }),
      ),
    }),
  ),
});

/** The member's lifetime health record: every order's released results on one timeline, and a trend per biomarker. */
export const healthRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health-record',
    {
      schema: {
        tags: ['results'],
        summary:
          'The signed-in member’s released results from all their orders and the outside results entered from their uploaded reports: a timeline, and per biomarker its values, ranges, optimal band and what each flag means (audited)',
        response: { 200: healthRecordSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const record = await readHealthRecord({ db: app.db, cipher: app.results.cipher }, user, request.ip || null);
      reply.header('cache-control', 'private, no-store');
      return record;
    },
  );
};
