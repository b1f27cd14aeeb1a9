import { changePasswordSchema, newPasswordSchema, passwordMessages, passwordResetRequestSchema } from '@shop/core';
import { copySetCookies, toHeaders } from '../http/web-request.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { findProfile, saveProfile, suggestProfile } from './profile.ts';
import { errorResponses, errorSchema } from '../schemas.ts';

const messageSchema = z.object({ message: z.string() });

const profileSchema = z.object({
  fullName: z.string(),
  dateOfBirth: z.string(),
  sex: z.string(),
  state: z.string(),
  conditions: z.string(),
  medications: z.string(),
});

/** The member's own account: the medical profile and the password (the account area, signed in). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'The medical profile of the person tested, or null, with what the quiz and the kit delivery already said of them',
        response: {
          200: z.object({
            profile: profileSchema.nullable(),
            suggested: profileSchema.pick({ fullName: true, dateOfBirth: true, sex: true, state: true }).partial(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const profile = (await findProfile(app.db, user.id)) ?? null;
      return { profile, suggested: profile ? {} : await suggestProfile(app.db, user.id, (member) => app.census.open(member)) };
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Save the medical profile; orders waiting for it go on to clinician approval',
        body: z.record(z.string(), z.unknown(), { error: 'Please fill in the profile' }),
        response: { 200: z.object({ profile: profileSchema, released: z.number() }), 422: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return saveProfile(app.db, user.id, request.body);
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change the password of the signed-in member; every other session ends',
        body: z.object({ currentPassword: z.string(), password: z.string(), confirmPassword: z.string() }).strict(),
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await request.requireUser();
      const parsed = changePasswordSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const code = issue?.path[0] === 'currentPassword' ? 'CURRENT_PASSWORD_REQUIRED' : 'PASSWORD_NOT_VALID';
        throw badRequest(code, issue?.message ?? passwordMessages.rule);
      }
      const response = await app.auth.api.changePassword({
        body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.password, revokeOtherSessions: true },
        headers: toHeaders(request),
        asResponse: true,
      });
      if (response.ok) {
        // the member stays signed in here, with a new session; every other one has ended
        copySetCookies(response, reply);
        return { message: 'Your password has been changed. You are signed out everywhere else.' };
      }
      const failure = (await response.json().catch(() => ({}))) as { code?: string };
      if (failure.code === 'INVALID_PASSWORD') throw badRequest('CURRENT_PASSWORD_WRONG', 'Your current password is not correct.');
      if (failure.code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
        throw badRequest('NO_PASSWORD', 'Your account signs in with Google and has no password to change.');
      }
      throw new AppError(500, 'DEFAULT', passwordMessages.fallback);
    },
  );
};

/** Signing in before there is a session: which ways are on, a forgotten password's link and the new password it sets. */
export const signInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sign-in-options',
    {
      schema: {
        tags: ['account'],
        summary: 'Which ways to sign in are on (Google only when configured)',
        response: { 200: z.object({ google: z.boolean() }) },
      },
    },
    async () => ({ google: Boolean(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET) }),
  );

  app.post(
    '/password-reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Ask for a password reset link by e-mail; the same answer whether or not the account exists',
        body: passwordResetRequestSchema,
        response: { 200: messageSchema, 429: errorSchema, 500: errorSchema, ...errorResponses },
      },
      preHandler: rateLimited({ limit: limits.resetPerAddress, by: 'address' }, { limit: limits.resetPerAccount, by: 'account' }),
    },
    async (request) => {
      try {
        // the e-mail is sent in the background: known and unknown addresses take as long
        await app.auth.api.requestPasswordReset({ body: { email: request.body.email } });
      } catch (error) {
        request.log.error({ err: error }, 'password reset request failed');
        throw new AppError(500, 'PASSWORD_RESET_FAILED', passwordMessages.resetFailed);
      }
      return { message: passwordMessages.resetSent };
    },
  );

  app.post(
    '/new-password',
    {
      schema: {
        tags: ['account'],
        summary: 'Set a new password with the token from the reset e-mail; ends every session',
        body: z.object({ token: z.string(), password: z.string(), confirmPassword: z.string() }).strict(),
        response: { 200: messageSchema, 500: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const parsed = newPasswordSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const code = issue?.path[0] === 'token' ? 'EXPIRED_PASSWORD_TOKEN' : 'PASSWORD_NOT_VALID';
        throw badRequest(code, issue?.message ?? passwordMessages.rule);
      }
      const response = await app.auth.api.resetPassword({
        body: { token: parsed.data.token, newPassword: parsed.data.password },
        asResponse: true,
      });
      if (response.ok) return { message: 'Your password has been changed. Please sign in with your new password.' };
      const failure = (await response.json().catch(() => ({}))) as { code?: string };
      if (failure.code === 'INVALID_TOKEN') throw badRequest('EXPIRED_PASSWORD_TOKEN', passwordMessages.expired);
      if (failure.code === 'PASSWORD_TOO_SHORT' || failure.code === 'PASSWORD_TOO_LONG') {
        throw badRequest('PASSWORD_NOT_VALID', passwordMessages.rule);
      }
      throw new AppError(500, 'DEFAULT', passwordMessages.fallback);
    },
  );
};
