import { kitSlugs, resultEntriesSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../errors.ts';
import { errorSchema } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { labRejectionRoute } from './lab-rejection-routes.ts';
import { LAB_SIGNATURE_HEADER, LAB_TIMESTAMP_HEADER, verifyLabSignature } from './lab-signature.ts';
import { findOrderIdByNumber } from './repository.ts';
import { resultsEntrySchema } from './routes.ts';
import { enterResults } from './service.ts';

/** What a partner lab posts: the order by its number (or id), the kit, and the kit's results. */
const labPostingSchema = z
  .strictObject({
    orderNumber: z.number({ error: 'orderNumber must be the order number' }).int().positive().optional(),
    orderId: z.uuid({ error: 'orderId must be the order id' }).optional(),
    kitSlug: z.enum(kitSlugs, { error: `kitSlug must be one of ${kitSlugs.join(', ')}` }),
    results: resultEntriesSchema,
  })
  .refine((posting) => posting.orderNumber !== undefined || posting.orderId !== undefined, {
    error: 'Name the order by orderNumber or orderId',
  });

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
        headers: z.object({
          [LAB_TIMESTAMP_HEADER]: z.string().max(20).optional(),
          [LAB_SIGNATURE_HEADER]: z.string().max(200).optional(),
        }),
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
      const parsed = labPostingSchema.safeParse(json);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const posting = parsed.data;
      const orderId =
        posting.orderId ?? (posting.orderNumber !== undefined ? await findOrderIdByNumber(app.db, posting.orderNumber) : undefined);
      if (!orderId) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');

      const entered = await enterResults(
        { db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL },
        {
          orderId,
          kitSlug: posting.kitSlug,
          results: posting.results,
          source: 'partner_lab',
          actor: { id: null, role: 'partner_lab' },
          nonce: check.nonce,
          ip: request.ip,
        },
      );
      request.log.info({ orderId: entered.order.id, kit: entered.kit.kitSlug, source: 'partner_lab' }, 'lab results entered');
      return reply.status(201).send(entered);
    },
  );
};
