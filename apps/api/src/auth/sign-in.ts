import type { FastifyReply, FastifyRequest } from 'fastify';
import { copySetCookies, toHeaders } from '../http/web-request.ts';
import type { Auth } from './auth.ts';

/**
 * Signs in an account just made, with the password it was made with (a sign-up never signs in,
 * auth.ts): the session's cookies go on the reply.
 */
export async function signInNewAccount(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
): Promise<void> {
  const signIn = await auth.api.signInEmail({ body: credentials, headers: toHeaders(request), asResponse: true });
  if (signIn.ok) copySetCookies(signIn, reply);
}
