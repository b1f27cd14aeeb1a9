import { affiliateApplicationSchema, affiliateMemberApplicationSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { applicationOfUser, applyAsAffiliate, applyAsMember } from './applications.ts';

export const applicationStateSchema = z.object({
  status: z.enum(['applied', 'active', 'declined', 'disabled']),
  name: z.string(),
  appliedAt: z.string(),
  declineReason: z.string().nullable(),
});

/**
 * The affiliate program's open door: the application, which makes the applicant's account (or
 * uses the signed-in customer's), and the signed-in applicant's view of their own application (its state only: the dashboard's data
 * is the affiliate area's, for approved affiliates).
 */
export const affiliateApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  // an application makes an account: it counts against the same per-address limit as the other sign-ups
  const signUps = rateLimited({ limit: { ...limits.signUpPerAddress, max: app.config.SIGN_UP_LIMIT_PER_ADDRESS }, by: 'address' });

  app.post(
    '/affiliate-applications',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'Apply to the affiliate program: makes the applicant’s account (signed in) and an application an operator reviews',
        body: affiliateApplicationSchema,
        response: { 201: applicationStateSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: signUps,
    },
    async (request, reply) => reply.status(201).send(await applyAsAffiliate(app, request, reply, request.body)),
  );

  app.post(
    '/affiliate-applications/mine',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'Apply to the affiliate program with the signed-in account (a customer’s): an application an operator reviews',
        body: affiliateMemberApplicationSchema,
        response: { 201: applicationStateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const member = { id: user.id, email: user.email, role: user.role ?? 'customer', ip: request.ip };
      return reply.status(201).send(await applyAsMember(app, member, request.body));
    },
  );

  app.get(
    '/affiliate-applications/mine',
    {
      schema: {
        tags: ['affiliates'],
        summary: 'The signed-in account’s affiliate application: its state, and the reason when declined',
        response: { 200: applicationStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const application = await applicationOfUser(app.db, user.id);
      if (!application) throw notFound('AFFILIATE_APPLICATION_NOT_FOUND', 'This account has not applied to the affiliate program.');
      return application;
    },
  );
};
