import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shop/core';
import { copySetCookies, toHeaders } from '../http/web-request.ts';
import { users } from '@shop/db';
import { eq } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '../auth/auth.ts';
import { hashPassword } from '../auth/password.ts';
import { AppError, badRequest } from '../errors.ts';

interface AuthUser {
  id: string;
  email: string;
}

/**
 * The checkout's account step: a new e-mail creates the account, a known one signs in with its
 * password; either way the reply carries a fresh session cookie. A known e-mail with a wrong
 * password gets the specification's "The email provided is not correct" (the step cannot hide
 * that the account exists), but not sooner: both paths hash the password once and check it once,
 * so the time of the answer tells nothing more than its words.
 */
export async function signUpOrSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
): Promise<AuthUser> {
  const headers = toHeaders(request);
  const email = credentials.email.toLowerCase();
  const [known] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (known) {
    // what creating the account would have cost
    await hashPassword(credentials.password);
  } else {
    const signUp = await app.auth.api.signUpEmail({
      body: { email, password: credentials.password, name: nameFromEmail(email) },
      headers,
      asResponse: true,
    });
    if (!signUp.ok) {
      const failure = (await signUp.json().catch(() => ({}))) as { code?: string };
      if (failure.code === 'PASSWORD_TOO_SHORT') {
        throw badRequest('PASSWORD_TOO_SHORT', `Please use a password of at least ${MIN_PASSWORD_LENGTH} characters`);
      }
      if (signUp.status >= 500) throw new AppError(500, 'CHECKOUT_FAILED', messages.checkoutFailed);
      throw badRequest('EMAIL_REJECTED', messages.emailRejected);
    }
  }
  // a sign-up never signs in (auth.ts): the session comes from the password, for both paths
  const signIn = await app.auth.api.signInEmail({ body: { email, password: credentials.password }, headers, asResponse: true });
  if (signIn.ok) return finish(signIn, reply);
  throw badRequest('EMAIL_REJECTED', messages.emailRejected);
}

async function finish(response: Response, reply: FastifyReply): Promise<AuthUser> {
  const body = (await response.json()) as { user: AuthUser };
  copySetCookies(response, reply);
  return { id: body.user.id, email: body.user.email };
}

/**
 * The name an account made at the checkout starts with: the checkout asks for no name, so the
 * address's local part stands in until the person gives theirs (a clinic's invitation does).
 */
export function nameFromEmail(email: string): string {
  return email.split('@')[0]?.slice(0, 60) || 'Customer';
}
