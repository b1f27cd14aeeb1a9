import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ConsentOrigin } from './service.ts';

/** A consent as a page sends it: which one, and the version of the words it showed. */
export const givenConsentSchema = z.strictObject({
  kind: z.string().max(40),
  version: z.string().max(80),
});

/** Where the request came from, as the trusted proxies report it, and the browser it names. */
export function consentOrigin(request: FastifyRequest): ConsentOrigin {
  const agent = request.headers['user-agent'];
  return { ipAddress: request.ip || null, userAgent: typeof agent === 'string' ? agent : null };
}
