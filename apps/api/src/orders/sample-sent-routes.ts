import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { markSampleSent } from './sample-sent.ts';
import { getVisibleOrder } from './service.ts';

/** The member's word that a kit's sample is in the post: the lost-kit rule looks for it from then on. */
export const sampleSentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/kits/:kitSlug/sample-sent',
    {
      schema: {
        tags: ['orders'],
        summary: 'Say a registered kit’s sample is in the post (once; the first time stands)',
        params: z.object({ id: z.string().max(64), kitSlug: z.string().max(64) }),
        response: { 200: z.object({ kitSlug: z.string(), sampleSentAt: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const order = await getVisibleOrder(app.db, user, request.params.id);
      const kit = await markSampleSent(app.db, order.id, request.params.kitSlug, user.id);
      return { kitSlug: kit.kitSlug, sampleSentAt: (kit.sampleSentAt ?? new Date()).toISOString() };
    },
  );
};
