import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins';
import { accounts, sessions, users, verifications, type Database } from '@shop/db';
import { hashPassword, verifyPassword } from './password.ts';

export const MIN_PASSWORD_LENGTH = 8;

export interface AuthConfig {
  db: Database;
  secret: string;
  publicUrl: string;
  /**
   * Outside production a browser may use the shop at any address it is served on (localhost,
   * 127.0.0.1, the machine's name): the address a request came in on is trusted as well as
   * `publicUrl`. Production trusts `publicUrl` and `trustedOrigins` alone.
   */
  trustServedOrigin: boolean;
  /** origins trusted besides `publicUrl` (TRUSTED_ORIGINS) */
  trustedOrigins?: readonly string[];
  secureCookies: boolean;
  /** where the library's messages go: the server's own log, at the level it asks for */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /** queues the e-mail with the reset link (a row, not the mail itself: the answer takes as long for any address) */
  sendPasswordReset: (to: string, token: string) => Promise<void>;
  /** tells an account's owner that someone tried to sign up with their address (the one who tried learns nothing) */
  notifyExistingAccount: (to: string) => Promise<void>;
  /** Google sign-in through OpenID Connect; off when not configured */
  google?: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
}

export const RESET_TOKEN_MINUTES = 60;

/**
 * The origin of a page served at the address the request came in on: its Origin when that names
 * the Host the request was sent to (a same-origin request at localhost, 127.0.0.1 or the
 * machine's name). The request's URL cannot tell: the auth routes build it on PUBLIC_URL.
 */
function servedOrigin(request: Request | undefined): string[] {
  const origin = request?.headers.get('origin');
  const host = request?.headers.get('host');
  if (!origin || !host) return [];
  try {
    return new URL(origin).host === host ? [origin] : [];
  } catch {
    return [];
  }
}

/** better-auth owns sign-up, sign-in and sessions; it mounts at /api/auth/*. */
// ordinary traffic, not warnings: a wrong password, a reset asked for an unknown address
const quietMessages = new Set(['Invalid password', 'Reset Password: User not found']);

export function createAuth({
  db,
  secret,
  publicUrl,
  trustServedOrigin,
  trustedOrigins = [],
  secureCookies,
  log,
  sendPasswordReset,
  notifyExistingAccount,
  google,
}: AuthConfig) {
  const fixed = [publicUrl, ...trustedOrigins];
  return betterAuth({
    appName: 'Base',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins: trustServedOrigin ? (request) => [...fixed, ...servedOrigin(request)] : fixed,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      // a sign-up never signs in: then a new address and a known one get the same answer (200, a
      // user, no session), after the same password hashing, and the known one's owner gets an
      // e-mail instead. The checkout's account step signs in itself (checkout/account.ts).
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => notifyExistingAccount(user.email),
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      // a new password ends every session, wherever it was signed in
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => sendPasswordReset(user.email, token),
    },
    // a reset token (and a sign-in's OAuth state) is kept as its hash: a copy of the database
    // holds no link that works
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // our own limiter (per account and per address) guards these endpoints
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secureCookies,
      cookiePrefix: 'shop',
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      genericOAuth({
        config: google
          ? [
              {
                providerId: 'google',
                name: 'Google',
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ]
          : [],
      }),
    ],
    logger: {
      log: (level, message) => log(quietMessages.has(message) ? 'debug' : level, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
