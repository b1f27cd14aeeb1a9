import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from the shop's own pages. Session cookies are SameSite=Lax
 * and the API only accepts JSON (which a cross-site form cannot send without a preflight); on top
 * of that a request whose Origin (or, lacking it, Referer) names another site is refused.
 */
export const csrfGuard = fp(async (app: FastifyInstance) => {
  const allowed = new Set([new URL(app.config.PUBLIC_URL).origin]);
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const source = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!source) return; // not a browser (curl, server-to-server): no ambient cookies to abuse
    const own = `${request.protocol}://${request.host}`;
    if (source === own || allowed.has(source)) return;
    throw new AppError(403, 'CSRF_REFUSED', 'This request came from another site and was refused.');
  });
});

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid';
  }
}
