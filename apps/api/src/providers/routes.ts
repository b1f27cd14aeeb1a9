import { acceptClinicInvitationSchema, acceptClinicInvitationSignedInSchema, clinicRoles, providerSignUpSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInNewAccount } from '../auth/sign-in.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { signUpClinic } from './sign-up.ts';
import { acceptInvitation, acceptInvitationSignedIn, lookUpInvitation, type TeamDeps } from './team.ts';

const tokenTries = rateLimited({ limit: limits.clinicInvitationsPerAddress, by: 'address' });

/** The provider area's open doors: the free sign-up, and an invited person's side of the invitation (the token travels in bodies only). */
export const providerPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // a clinic's sign-up makes an account: it counts against the same per-address limit as the others
  const signUps = rateLimited({ limit: { ...limits.signUpPerAddress, max: app.config.SIGN_UP_LIMIT_PER_ADDRESS }, by: 'address' });
  const deps = (): TeamDeps => ({ db: app.db, auth: app.auth, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets });

  app.post(
    '/provider-signup',
    {
      schema: {
        tags: ['providers'],
        summary:
          'Sign up a clinic and its first admin, free; a clinic matching an existing one (e-mail domain or name) is offered a request to join it instead',
        body: providerSignUpSchema,
        response: {
          200: z.object({ outcome: z.literal('match'), clinicName: z.string() }),
          201: z.object({ outcome: z.enum(['created', 'join_requested']), clinicName: z.string() }),
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: signUps,
    },
    async (request, reply) => {
      const answer = await signUpClinic(app, request, reply, request.body);
      if (answer.outcome === 'match') return reply.status(200).send(answer);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/provider-invitations/lookup',
    {
      schema: {
        tags: ['providers'],
        summary: 'Who a clinic invitation is for, the clinic and the role; 410 when it expired, was used or revoked',
        body: z.strictObject({ token: z.string().min(1).max(200) }),
        response: {
          200: z.object({
            email: z.string(),
            name: z.string(),
            clinicName: z.string(),
            role: z.enum(clinicRoles),
            roleLabel: z.string(),
            hasAccount: z.boolean(),
          }),
          410: errorSchema,
          429: errorSchema,
          ...errorResponses,
        },
      },
      preHandler: tokenTries,
    },
    async (request) => lookUpInvitation(deps(), request.body.token),
  );

  app.post(
    '/provider-invitations/accept',
    {
      schema: {
        tags: ['providers'],
        summary: 'Accept a clinic invitation once: creates the account with the chosen password, joins the clinic and signs in',
        body: acceptClinicInvitationSchema,
        response: { 201: z.object({ email: z.string() }), 410: errorSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: tokenTries,
    },
    async (request, reply) => {
      const accepted = await acceptInvitation(deps(), request.body.token, request.body.password, request.ip);
      await signInNewAccount(app.auth, request, reply, { email: accepted.email, password: request.body.password });
      return reply.status(201).send(accepted);
    },
  );

  app.post(
    '/provider-invitations/accept-signed-in',
    {
      schema: {
        tags: ['providers'],
        summary: 'Accept a clinic invitation once with the account signed in: a customer whose address it names joins the clinic',
        body: acceptClinicInvitationSignedInSchema,
        response: { 201: z.object({ email: z.string() }), 410: errorSchema, 429: errorSchema, ...errorResponses },
      },
      preHandler: tokenTries,
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await acceptInvitationSignedIn(deps(), request.body.token, user, request.ip));
    },
  );
};
