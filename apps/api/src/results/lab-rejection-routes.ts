import { kitSlugs, sampleRejectionReasons, sampleRejectionSchema } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import { errorSchema } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { LAB_SIGNATURE_HEADER, LAB_TIMESTAMP_HEADER, verifyLabSignature } from './lab-signature.ts';
import { findOrderIdByNumber } from './repository.ts';
import { recordSampleRejection, sampleRejectionResultSchema } from './sample-rejection.ts';

/** What a partner lab posts when it cannot test a sample: the order, the kit and why (core's reasons). */
const labRejectionSchema = sampleRejectionSchema
  .extend({
    orderNumber: z.number({ error: 'orderNumber must be the order number' }).int().positive().optional(),
    orderId: z.uuid({ error: 'orderId must be the order id' }).optional(),
    kitSlug: z.enum(kitSlugs, { error: `kitSlug must be one of ${kitSlugs.join(', ')}` }),
  })
  .refine((posting) => posting.orderNumber !== undefined || posting.orderId !== undefined, {
    error: 'Name the order by orderNumber or orderId',
  });

/**
 * `POST /labs/samples/rejections`, signed as the lab's results are: registered inside the lab's
 * plugin (lab-routes.ts), which keeps JSON bodies as bytes for the signature.
 */
export function labRejectionRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/labs/samples/rejections',
    {
      schema: {
        tags: ['results'],
        summary:
          'A partner lab says it cannot test a kit’s sample, with the reason, signed as its results are (headers x-lab-timestamp, x-lab-signature: v1=<hex>)',
        description: `reason: one of ${sampleRejectionReasons.join(', ')}. The kit's first failure makes a replacement at no charge (outcome replacement); a later one opens a clinician's task (outcome clinician). 409: the kit has no sample to reject (a second rejection of the same sample among them).`,
        headers: z.object({
          [LAB_TIMESTAMP_HEADER]: z.string().max(20).optional(),
          [LAB_SIGNATURE_HEADER]: z.string().max(200).optional(),
        }),
        response: {
          201: sampleRejectionResultSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const secret = app.results.labSecret;
      if (!secret) throw new AppError(503, 'LAB_ENDPOINT_OFF', 'Partner lab postings are not configured (LAB_WEBHOOK_SECRET).');
      if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'LAB_BODY', 'The body must be JSON.');
      const check = verifyLabSignature({
        secret,
        timestamp: request.headers[LAB_TIMESTAMP_HEADER],
        signature: request.headers[LAB_SIGNATURE_HEADER],
        body: request.body,
      });
      if (!check.ok) throw new AppError(401, 'LAB_SIGNATURE', check.reason);
      let json: unknown;
      try {
        json = JSON.parse(request.body.toString('utf8'));
      } catch {
        throw new AppError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
      }
      const parsed = labRejectionSchema.safeParse(json);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const posting = parsed.data;
      const orderId =
        posting.orderId ?? (posting.orderNumber !== undefined ? await findOrderIdByNumber(app.db, posting.orderNumber) : undefined);
      if (!orderId) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
      const rejected = await recordSampleRejection(
        { db: app.db, events: app.events },
        {
          orderId,
          kitSlug: posting.kitSlug,
          rejection: { reason: posting.reason, note: posting.note },
          actor: { id: null, role: 'partner_lab' },
          nonce: check.nonce,
          ip: request.ip,
        },
      );
      request.log.info({ orderId, kit: posting.kitSlug, outcome: rejected.outcome }, 'lab rejected a sample');
      return reply.status(201).send(rejected);
    },
  );
}
