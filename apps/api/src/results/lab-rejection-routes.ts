import { sampleRejectionReasons, sampleRejectionSchema } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../schemas.ts';
import { labKitFields, labSignatureHeaders, namesTheOrder, namesTheOrderMessage, readSignedLabPosting } from './lab-posting.ts';
import { recordSampleRejection, sampleRejectionResultSchema } from './sample-rejection.ts';

/** What a partner lab posts when it cannot test a sample: the order, the kit and why (core's reasons). */
const labRejectionSchema = sampleRejectionSchema.extend(labKitFields).refine(namesTheOrder, namesTheOrderMessage);

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
        headers: labSignatureHeaders,
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
      const { posting, orderId, nonce } = await readSignedLabPosting(app, request, labRejectionSchema);
      const rejected = await recordSampleRejection(
        { db: app.db, events: app.events },
        {
          orderId,
          kitSlug: posting.kitSlug,
          rejection: { reason: posting.reason, note: posting.note },
          actor: { id: null, role: 'partner_lab' },
          nonce,
          ip: request.ip,
        },
      );
      request.log.info({ orderId, kit: posting.kitSlug, outcome: rejected.outcome }, 'lab rejected a sample');
      return reply.status(201).send(rejected);
    },
  );
}
