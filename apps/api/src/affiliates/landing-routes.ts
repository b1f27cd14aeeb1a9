import { AFFILIATE_FRIEND_DISCOUNT_PERCENT } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { activeAffiliateCode } from './codes.ts';

export const landingSchema = z.object({
  code: z.string(),
  affiliate: z.string(),
  banner: z.string(),
  heading: z.string(),
  intro: z.string(),
  friendDiscountPercent: z.number().int(),
});

/** An affiliate's landing page: only for a code that works today; any other is a 404. */
export const affiliateLandingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/affiliate-landings/:code',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'The landing page of an affiliate’s code (404 for a code that is unknown or disabled)',
        params: z.object({ code: z.string().max(100) }),
        response: { 200: landingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const code = await activeAffiliateCode(app.db, request.params.code);
      if (!code) throw notFound('AFFILIATE_CODE_NOT_FOUND', 'This invitation link is not valid.');
      return { ...code.landing, affiliate: code.affiliateName, friendDiscountPercent: AFFILIATE_FRIEND_DISCOUNT_PERCENT };
    },
  );
};
