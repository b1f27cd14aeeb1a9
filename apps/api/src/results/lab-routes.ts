import { resultEntriesSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../schemas.ts';
import { labKitFields, labSignatureHeaders, namesTheOrder, namesTheOrderMessage, readSignedLabPosting } from './lab-posting.ts';
import { labRejectionRoute } from './lab-rejection-routes.ts';
import { resultsEntrySchema } from './routes.ts';
import { enterResults } from './service.ts';

/** What a partner lab posts: the order by its number (or id), the kit, and the kit's results. */
const labPostingSchema = z.strictObject({ ...labKitFields, results: resultEntriesSchema }).refine(namesTheOrder, namesTheOrderMessage);

/**
 * The partner lab's results endpoint. It is not a browser's: it signs each request with the
 * secret the shop shares with it, over the raw bytes of the body, so this plugin keeps JSON bodies
 * as bytes and checks the signature before reading anything.
 */
export const labResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
  // a sample the lab cannot test: signed the same way, so under the same parser
  labRejectionRoute(app);

  app.post(
    '/labs/results',
    {
      schema: {
        tags: ['results'],
        summary:
          "A partner lab posts a kit's results, signed with HMAC-SHA256 over `timestamp.body` (headers x-lab-timestamp, x-lab-signature: v1=<hex>)",
        headers: labSignatureHeaders,
        description:
          '422: the results are not exactly the biomarkers the order bought for this kit (RESULTS_NOT_ORDERED, RESULTS_INCOMPLETE) or a unit the biomarker does not take (RESULTS_WRONG_UNIT); the message names them, and nothing is stored.',
        response: {
          201: resultsEntrySchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { posting, orderId, nonce } = await readSignedLabPosting(app, request, labPostingSchema);
      const entered = await enterResults(
        { db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL },
        {
          orderId,
          kitSlug: posting.kitSlug,
          results: posting.results,
          source: 'partner_lab',
          actor: { id: null, role: 'partner_lab' },
          nonce,
          ip: request.ip,
        },
      );
      request.log.info({ orderId: entered.order.id, kit: entered.kit.kitSlug, source: 'partner_lab' }, 'lab results entered');
      return reply.status(201).send(entered);
    },
  );
};
