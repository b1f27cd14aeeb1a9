import { messages } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adoptVisitorData } from '../account/adopt.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { forbiddenCharacterFailure } from '../http/safe-strings.ts';
import { copyResponseHead, toHeaders } from '../http/web-request.ts';
import { validationFailed } from '../validation.ts';

type Guard = (request: FastifyRequest) => Promise<void>;

// the library's doors that guess passwords or send e-mail, each with its limits
function guardsFor(signInPerAddress: number, signInPerAccount: number): Record<string, Guard> {
  return {
    '/sign-in/email': withEmail(
      rateLimited(
        { limit: { ...limits.signInPerAddress, max: signInPerAddress }, by: 'address' },
        { limit: { ...limits.signInPerAccount, max: signInPerAccount }, by: 'account' },
      ),
    ),
    '/sign-up/email': withEmail(rateLimited({ limit: limits.signUpPerAddress, by: 'address' })),
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
 * reaches PostgreSQL: the refinement every schema gets is applied here by hand, on every door.
 */
function refuseForbiddenCharacters(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const failure = forbiddenCharacterFailure(part);
    if (failure) throw failure;
  }
}

// a sign-up signs no one in (auth.ts), so a visitor's cart and quiz wait for the sign-in
const signInPaths = new Set(['/api/auth/sign-in/email']);

/** Hands /api/auth/* to better-auth, which speaks the Fetch API. */
export async function authRoutes(app: FastifyInstance) {
  const guards = guardsFor(app.config.SIGN_IN_LIMIT_PER_ADDRESS, app.config.SIGN_IN_LIMIT_PER_ACCOUNT);
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    preHandler: async (request) => {
      refuseForbiddenCharacters(request);
      const guard = guards[new URL(request.url, 'http://shop').pathname.replace(/^\/api\/auth/, '')];
      if (guard) await guard(request);
    },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.PUBLIC_URL);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const response = await app.auth.handler(
        new Request(url, { method: request.method, headers: toHeaders(request), body }),
      );
      const payload = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (response.ok && payload && signInPaths.has(url.pathname)) {
        const { user } = JSON.parse(payload.toString('utf8')) as { user?: { id?: string } };
        if (user?.id) await adoptVisitorData(app.db, request, user.id);
      }
      copyResponseHead(response, reply);
      return reply.send(payload);
    },
  });
}
