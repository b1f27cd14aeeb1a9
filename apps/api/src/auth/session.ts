import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../errors.ts';
import type { SessionUser } from './auth.ts';
import { toHeaders } from '../http/web-request.ts';
import { previousAuthSecrets } from '../env.ts';
import { judgeSession, lookUpSession, resignedCookie, verifiedToken, type SessionSettings, type SessionUserRow } from './session-lookup.ts';

/** The shop's own team, who use the operator console. */
export const staffRoles = ['operator', 'clinician', 'support', 'coach'] as const;
/**
 * The team who run orders, customers and the shop: what a console route answers to when it names
 * no roles. Health coaches see their coaching pages only, so a new console route stays closed to
 * them until it names them.
 */
export const orderTeamRoles = ['operator', 'clinician', 'support'] as const satisfies readonly (typeof staffRoles)[number][];
/** Every role an account can have: customers, the team, providers' people, affiliates and employers' admins. */
export const roles = ['customer', ...staffRoles, 'provider_admin', 'provider_staff', 'affiliate', 'employer_admin'] as const;
export type Role = (typeof roles)[number];

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in user, read from the session cookie once per request */
    currentUser(): Promise<SessionUser | null>;
    requireUser(): Promise<SessionUser>;
    /**
     * The signed-in user, with what the route reads next read in the same statement: `read` gets
     * the session's token and answers the session's row (`sessionUserColumns`) beside its own
     * rows. When the session is not a live one that the shop answers alone (see `lookUpSession`),
     * the user is found as `requireUser` finds them and `found` is null: the route reads its rows
     * on their own.
     */
    requireUserWith<T>(read: (token: string) => Promise<{ session: SessionUserRow | null | undefined; found: T }>): Promise<{
      user: SessionUser;
      found: T | null;
    }>;
    requireRole(...roles: Role[]): Promise<SessionUser>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The one place where "who is asking, and may they" is answered. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const context = await app.auth.$context;
  const settings: SessionSettings = {
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresIn: context.sessionConfig.expiresIn,
    updateAge: context.sessionConfig.updateAge,
  };
  // a session cookie signed before AUTH_SECRET was rotated is signed anew at its first request, for
  // the shop's own lookup and the auth library alike, and the browser gets it back signed anew
  const previousSecrets = previousAuthSecrets(app.config);
  if (previousSecrets.length > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const resigned = resignedCookie(request.cookies[settings.cookieName], settings.secret, previousSecrets);
      if (!resigned) return;
      request.cookies[settings.cookieName] = resigned;
      request.headers.cookie = withCookie(request.headers.cookie ?? '', settings.cookieName, encodeURIComponent(resigned));
      const { httpOnly, secure, sameSite, path, domain } = context.authCookies.sessionToken.attributes;
      reply.setCookie(settings.cookieName, resigned, {
        httpOnly,
        secure,
        sameSite: sameSite === undefined ? undefined : (sameSite.toLowerCase() as 'lax' | 'strict' | 'none'),
        path,
        domain,
        maxAge: settings.expiresIn,
      });
    });
  }
  // every signed-in request asks: one query in the common case, the library for the rest
  const findUser = async (request: FastifyRequest): Promise<SessionUser | null> => {
    const found = await lookUpSession(app.db, settings, request.cookies[settings.cookieName]);
    if (found.kind === 'user') return found.user;
    if (found.kind === 'none') return null;
    const result = await app.auth.api.getSession({ headers: toHeaders(request) });
    return result?.user ?? null;
  };
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = findUser(this);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw unauthorized();
    return user;
  });
  app.decorateRequest('requireUserWith', async function <
    T,
  >(this: FastifyRequest, read: (token: string) => Promise<{ session: SessionUserRow | null | undefined; found: T }>) {
    // a request that asked before has its user: the route reads its rows on their own
    const token = cache.has(this) ? null : verifiedToken(this.cookies[settings.cookieName], settings.secret);
    if (token) {
      const { session, found } = await read(token);
      const judged = judgeSession(session, settings);
      if (judged.kind === 'user') {
        cache.set(this, Promise.resolve(judged.user));
        return { user: judged.user, found };
      }
    }
    return { user: await this.requireUser(), found: null };
  });
  app.decorateRequest('requireRole', async function (this: FastifyRequest, ...roles: Role[]) {
    const user = await this.requireUser();
    if (!roles.includes(user.role as Role)) throw forbidden();
    return user;
  });
});

/** A Cookie header with one cookie's value replaced. */
function withCookie(header: string, name: string, value: string): string {
  return header
    .split(';')
    .map((pair) => (pair.trim().startsWith(`${name}=`) ? `${name}=${value}` : pair.trim()))
    .join('; ');
}
