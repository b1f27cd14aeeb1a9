import {
  clientErrorSchema,
  EXPERIMENT_COOKIE,
  EXPERIMENT_COOKIE_MAX_AGE,
  EXPERIMENT_COOKIE_PATH,
  formatAssignments,
  scrubClientError,
} from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorCookie } from '../http/visitor-cookie.ts';
import { rateLimited, type Limit } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { storeClientError } from './repository.ts';
import { exposeVisitor } from './service.ts';

/** enough for a page that breaks in a loop to be seen, too few for a script to fill the table */
export const clientErrorLimit: Limit = { name: 'client-error:ip', max: 30, windowSeconds: 10 * 60 };

export const exposureSchema = z.object({
  experimentId: z.string(),
  variant: z.string(),
  counted: z.boolean(),
});

/**
 * The storefront's side of experiments: the page being rendered asks which variant to render and
 * is recorded as the visitor's exposure; and the browser's own error reports.
 */
export const experimentRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.NODE_ENV === 'production';

  app.post(
    '/experiments/:experimentId/exposures',
    {
      schema: {
        tags: ['experiments'],
        summary: 'The variant of an experiment to render for this visitor, recorded as their exposure (once per visitor)',
        description:
          'Bots, crawlers and synthetic monitors (by their User-Agent) get the control and no cookie, and are not counted. Others get their deterministic variant and the `exp` cookie of their assignments.',
        params: z.object({ experimentId: z.string().max(40) }),
        response: { 200: exposureSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const exposure = await exposeVisitor(app.db, request, request.params.experimentId);
      if (exposure.newVisitorId) visitorCookie.write(reply, exposure.newVisitorId, secure);
      if (exposure.assignments) {
        const value = formatAssignments(exposure.assignments);
        if (request.cookies[EXPERIMENT_COOKIE] !== value) {
          reply.setCookie(EXPERIMENT_COOKIE, value, {
            path: EXPERIMENT_COOKIE_PATH,
            maxAge: EXPERIMENT_COOKIE_MAX_AGE,
            sameSite: 'lax',
            secure,
          });
        }
      }
      return { experimentId: exposure.experimentId, variant: exposure.variant, counted: exposure.counted };
    },
  );

  app.post(
    '/client-errors',
    {
      schema: {
        tags: ['monitoring'],
        summary:
          'Report an error a page met in the browser (scrubbed of query strings, e-mail addresses, tokens and long numbers before it is kept)',
        body: clientErrorSchema,
        response: { 204: z.null(), 429: errorSchema, ...errorResponses },
      },
      preHandler: rateLimited({ limit: clientErrorLimit, by: 'address' }),
    },
    async (request, reply) => {
      await storeClientError(app.db, scrubClientError(request.body));
      return reply.status(204).send(null);
    },
  );
};
