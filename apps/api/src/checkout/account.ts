import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@shop/core';
import { copySetCookies, toHeaders } from '../http/web-request.ts';
import { MIN_PASSWORD_LENGTH } from '../auth/auth.ts';
import { AppError, badRequest } from '../errors.ts';

interface AuthUser {
  id: string;
  email: string;
}

/**
 * The checkout's account step: a new e-mail creates the account, a known one signs in with its
 * password. Either way the reply carries a fresh session cookie.
 */
export async function signUpOrSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  credentials: { email: string; password: string },
): Promise<AuthUser> {
  const headers = toHeaders(request);
  const signUp = await app.auth.api.signUpEmail({
    body: { email: credentials.email, password: credentials.password, name: nameFromEmail(credentials.email) },
    headers,
    asResponse: true,
  });
  if (signUp.ok) return finish(signUp, reply);

  const failure = (await signUp.json().catch(() => ({}))) as { code?: string };
  if (failure.code === 'PASSWORD_TOO_SHORT') {
    throw badRequest('PASSWORD_TOO_SHORT', `Please use a password of at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (failure.code === 'USER_ALREADY_EXISTS' || failure.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
    const signIn = await app.auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password },
      headers,
      asResponse: true,
    });
    if (signIn.ok) return finish(signIn, reply);
  }
  if (signUp.status >= 500) throw new AppError(500, 'CHECKOUT_FAILED', messages.checkoutFailed);
  throw badRequest('EMAIL_REJECTED', messages.emailRejected);
}

async function finish(response: Response, reply: FastifyReply): Promise<AuthUser> {
  const body = (await response.json()) as { user: AuthUser };
  copySetCookies(response, reply);
  return { id: body.user.id, email: body.user.email };
}

function nameFromEmail(email: string): string {
  return email.split('@')[0]?.slice(0, 60) || 'Customer';
}
