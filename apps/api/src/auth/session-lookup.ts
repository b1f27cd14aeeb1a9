import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedQuery, sessions, users, type Database } from '@shop/db';
import type { SessionUser } from './auth.ts';

export interface SessionSettings {
  /** the session cookie's name, as the auth library sets it */
  cookieName: string;
  secret: string;
  /** the library's session length and refresh age, in seconds */
  expiresIn: number;
  updateAge: number;
}

/**
 * The token of a signed session cookie (`token.base64(HMAC-SHA256)`, the auth library's format),
 * or null when the signature does not hold.
 */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/** A session token signed as the auth library signs its cookie (`token.base64(HMAC-SHA256)`). */
export function signedToken(token: string, secret: string): string {
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

/**
 * A session cookie signed with a secret of before a rotation (AUTH_SECRET_PREVIOUS), signed anew
 * with the current one; null when it verifies under the current secret already, or under none.
 */
export function resignedCookie(value: string | undefined, secret: string, previous: readonly string[]): string | null {
  if (!value || verifiedToken(value, secret)) return null;
  for (const older of previous) {
    const token = verifiedToken(value, older);
    if (token) return signedToken(token, secret);
  }
  return null;
}

/**
 * What a session answers with: its expiry and its user's columns. Selected from `sessions` joined
 * to `users`, here and by a route that reads its own rows in the same statement
 * (`requireUserWith` in session.ts).
 */
export const sessionUserColumns = {
  expiresAt: sessions.expiresAt,
  id: users.id,
  name: users.name,
  email: users.email,
  emailVerified: users.emailVerified,
  image: users.image,
  role: users.role,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type SessionUserRow = SessionUser & { expiresAt: Date };

/** The session of a token joined to its user: sent by every signed-in request, so built once. */
const sessionWithUser = preparedQuery((db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_with_user'),
);

export type SessionLookup =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'none' }
  /** expired, gone, or due for its refresh: the auth library decides (and writes) */
  | { kind: 'ask-library' };

/**
 * The signed-in user of a request in one indexed query (session joined to its user). Only the
 * common case is answered here — a live session not yet due for its refresh — so that every
 * other case (expiry, refresh, removal) keeps the auth library's own handling.
 */
export async function lookUpSession(db: Database, settings: SessionSettings, cookie: string | undefined): Promise<SessionLookup> {
  if (!cookie) return { kind: 'none' };
  const token = verifiedToken(cookie, settings.secret);
  if (!token) return { kind: 'ask-library' };
  const [row] = await sessionWithUser(db, { token });
  return judgeSession(row, settings);
}

/** A session row as read: its user while it is live and not yet due for its refresh, else the library decides. */
export function judgeSession(row: SessionUserRow | null | undefined, settings: SessionSettings): SessionLookup {
  if (!row) return { kind: 'ask-library' };
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  const dueForRefresh = expiresAt - settings.expiresIn * 1000 + settings.updateAge * 1000 <= now;
  if (expiresAt < now || dueForRefresh) return { kind: 'ask-library' };
  const { expiresAt: _expiresAt, ...user } = row;
  return { kind: 'user', user };
}
