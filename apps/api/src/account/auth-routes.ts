import { messages } from '@shop/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { adoptVisitorData } from './adopt.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { unsafeInputFailure } from '../http/safe-strings.ts';
import { copyResponseHead, toHeaders } from '../http/web-request.ts';
import { validationFailed } from '../validation.ts';

type Guard = (request: FastifyRequest) => Promise<void>;

// the library's doors that guess passwords or send e-mail, each with its limits
function guardsFor(signInPerAddress: number, signInPerAccount: number, signUpPerAddress: number): Record<string, Guard> {
  return {
    '/sign-in/email': withEmail(
      rateLimited(
        { limit: { ...limits.signInPerAddress, max: signInPerAddress }, by: 'address' },
        { limit: { ...limits.signInPerAccount, max: signInPerAccount }, by: 'account' },
      ),
    ),
    '/sign-up/email': withEmail(rateLimited({ limit: { ...limits.signUpPerAddress, max: signUpPerAddress }, by: 'address' })),
    '/request-password-reset': withEmail(
      rateLimited({ limit: limits.resetPerAddress, by: 'address' }, { limit: limits.resetPerAccount, by: 'account' }),
    ),
  };
}

// a loose check, looser than the library's own: it only keeps junk out of the limiter's keys
const plausibleEmail = /^[^\s@]+@[^\s@]+$/;

/** These doors all take an e-mail: one that cannot be an address is refused before a limit counts it. */
function withEmail(guard: Guard): Guard {
  return async (request) => {
    const { email } = (request.body ?? {}) as { email?: unknown };
    if (typeof email !== 'string' || email.trim().length > 254 || !plausibleEmail.test(email.trim())) {
      throw validationFailed([{ path: ['email'], message: messages.invalidEmail }]);
    }
    await guard(request);
  };
}

/**
 * better-auth reads the path, query and body with no schema of ours in front, and some of it
 * reaches PostgreSQL: the checks every schema gets (no forbidden character, no deep nesting) are
 * applied here by hand, on every door, with one of their own: the body is an object.
 */
function refuseUnsafeInput(request: FastifyRequest): void {
  const { body } = request;
  // every door's body is a JSON object, or none: a list or a bare value is refused here, not
  // left to the library to trip over
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body) || Buffer.isBuffer(body))) {
    throw validationFailed([{ path: [], message: 'The request body must be a JSON object.' }]);
  }
  for (const part of [request.params, request.query, body]) {
    const failure = unsafeInputFailure(part);
    if (failure) throw failure;
  }
}

// a sign-up signs no one in (auth.ts), so a visitor's cart and quiz wait for the sign-in
const signInPaths = new Set(['/api/auth/sign-in/email']);

/**
 * The library's doors the shop's client calls, described for the API's document (and so for the
 * client's types). better-auth checks their bodies itself: the schemas here document, and the
 * route's validator lets every body through to it unchanged, as the catch-all route does. The
 * answer goes out as the library's bytes, so no response schema reshapes it either.
 */
const sessionUser = z.object({ id: z.string(), email: z.string(), name: z.string().optional(), role: z.string() });
export const describedDoors: Array<{ method: HTTPMethods; url: string; schema: Record<string, unknown> }> = [
  {
    method: 'POST',
    url: '/auth/sign-in/email',
    schema: {
      summary: 'Sign in with e-mail and password (better-auth)',
      body: z.object({ email: z.string(), password: z.string() }),
      response: { 200: z.object({ user: z.object({ id: z.string(), email: z.string() }) }) },
    },
  },
  {
    method: 'POST',
    url: '/auth/sign-in/social',
    schema: {
      summary: 'Start a sign-in with Google: the answer names where to send the browser (better-auth)',
      body: z.object({ provider: z.literal('google'), callbackURL: z.string(), errorCallbackURL: z.string() }),
      response: { 200: z.object({ url: z.string(), redirect: z.boolean() }) },
    },
  },
  {
    method: 'POST',
    url: '/auth/sign-out',
    schema: {
      summary: 'Sign out (better-auth)',
      body: z.object({}),
      response: { 200: z.object({ success: z.boolean() }) },
    },
  },
  {
    method: 'GET',
    url: '/auth/get-session',
    schema: {
      summary: 'The signed-in person, or null (better-auth)',
      response: { 200: z.object({ user: sessionUser }).nullable() },
    },
  },
];

/** Hands /api/auth/* to better-auth, which speaks the Fetch API. */
export async function authRoutes(app: FastifyInstance) {
  const guards = guardsFor(
    app.config.SIGN_IN_LIMIT_PER_ADDRESS,
    app.config.SIGN_IN_LIMIT_PER_ACCOUNT,
    app.config.SIGN_UP_LIMIT_PER_ADDRESS,
  );
  const preHandler = async (request: FastifyRequest) => {
    refuseUnsafeInput(request);
    const guard = guards[new URL(request.url, 'http://shop').pathname.replace(/^\/api\/auth/, '')];
    if (guard) await guard(request);
  };
  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, app.config.PUBLIC_URL);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const response = await app.auth.handler(new Request(url, { method: request.method, headers: toHeaders(request), body }));
    const payload = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    if (response.ok && payload && signInPaths.has(url.pathname)) {
      const { user } = JSON.parse(payload.toString('utf8')) as { user?: { id?: string } };
      if (user?.id) await adoptVisitorData(app.db, request, user.id);
    }
    copyResponseHead(response, reply);
    return reply.send(payload);
  }
  for (const door of describedDoors) {
    app.route({
      method: door.method,
      url: door.url,
      schema: { tags: ['auth'], ...door.schema },
      validatorCompiler: () => (value: unknown) => ({ value }),
      preHandler,
      handler,
    });
  }
  app.route({ method: ['GET', 'POST'], url: '/auth/*', schema: { hide: true }, preHandler, handler });
}
