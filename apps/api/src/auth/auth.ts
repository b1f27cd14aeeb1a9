import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { accounts, sessions, users, verifications, type Database } from '@shop/db';
import { hashPassword, verifyPassword } from './password.ts';

export const MIN_PASSWORD_LENGTH = 8;

export interface AuthConfig {
  db: Database;
  secret: string;
  publicUrl: string;
  secureCookies: boolean;
  /** where the library's messages go: the server's own log, at the level it asks for */
  log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
}

/** better-auth owns sign-up, sign-in and sessions; it mounts at /api/auth/*. */
export function createAuth({ db, secret, publicUrl, secureCookies, log }: AuthConfig) {
  return betterAuth({
    appName: 'Base',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
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
    // a wrong password is ordinary traffic, not a warning: it goes to the debug log
    logger: { log: (level, message) => log(message === 'Invalid password' ? 'debug' : level, message) },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = Auth['$Infer']['Session']['user'];
