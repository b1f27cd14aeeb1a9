import { kitSlugs, resultEntriesBodySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { resultsEntryRoles } from './access.ts';
import { resultsEntrySchema } from './routes.ts';
import { enterResults, type ResultsDeps } from './service.ts';

/** Results entered by hand in the console, mounted in its area (clinicians and operators). */
export const resultsEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): ResultsDeps => ({ db: app.db, events: app.events, cipher: app.results.cipher, publicUrl: app.config.PUBLIC_URL });

  app.post(
    '/orders/:id/results/:kitSlug',
    {
      config: { roles: resultsEntryRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: "Enter a kit's lab results in the console (clinicians and operators); once per kit",
        description:
          '422: the results are not exactly the biomarkers the order bought for this kit (RESULTS_NOT_ORDERED, RESULTS_INCOMPLETE) or a unit the biomarker does not take (RESULTS_WRONG_UNIT); the message names them, and nothing is stored.',
        params: z.object({ id: z.uuid({ error: 'The order id is not valid.' }), kitSlug: z.enum(kitSlugs, { error: 'Unknown kit' }) }),
        body: resultEntriesBodySchema,
        response: { 201: resultsEntrySchema, 422: errorSchema, ...errorResponses },
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
