import { checkGiftContents } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../errors.ts';
import { createDeliveredGift } from '../gifts/test-factory.ts';
import { errorResponses } from '../schemas.ts';

/**
 * Seeding for the browser tests, registered only when NODE_ENV=test (the suite's servers run
 * so): data that another flow makes in real life and that a browser test cannot make itself in
 * reasonable time. Never part of a running shop.
 */
export const testSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test-support/gifts',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          type: z.enum(['one_off', 'improvement_program']).default('one_off'),
          areas: z.array(z.string()).default([]),
          complete: z.boolean().default(false),
          purchaserName: z.string().min(1).max(80).optional(),
          message: z.string().max(500).optional(),
        }),
        response: { 201: z.object({ code: z.string(), shownCode: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { type, areas, complete, purchaserName, message } = request.body;
      const contents = checkGiftContents({ areas, complete });
      if (!contents.ok) throw badRequest('GIFT_CONTENTS', contents.message);
      const gift = await createDeliveredGift(app.db, { type, contents: contents.contents, purchaserName, message });
      return reply.status(201).send({ code: gift.code, shownCode: gift.shownCode });
    },
  );
};
