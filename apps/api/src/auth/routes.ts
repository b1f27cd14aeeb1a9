import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adoptVisitorData } from '../account/adopt.ts';
import { limits, rateLimited } from '../rate-limit/limiter.ts';
import { copyResponseHead, toHeaders } from '../http/web-request.ts';

// the library's doors that guess passwords or send e-mail, each with its limits
function guardsFor(signInPerAddress: number, signInPerAccount: number): Record<string, (request: FastifyRequest) => Promise<void>> {
  return {
    '/sign-in/email': rateLimited(
      { limit: { ...limits.signInPerAddress, max: signInPerAddress }, by: 'address' },
      { limit: { ...limits.signInPerAccount, max: signInPerAccount }, by: 'account' },
    ),
    '/sign-up/email': rateLimited({ limit: limits.signUpPerAddress, by: 'address' }),
    '/request-password-reset': rateLimited({ limit: limits.resetPerAddress, by: 'address' }, { limit: limits.resetPerAccount, by: 'account' }),
  };
}

const signInPaths = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email']);

/** Hands /api/auth/* to better-auth, which speaks the Fetch API. */
export async function authRoutes(app: FastifyInstance) {
  const guards = guardsFor(app.config.SIGN_IN_LIMIT_PER_ADDRESS, app.config.SIGN_IN_LIMIT_PER_ACCOUNT);
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    preHandler: async (request) => {
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
