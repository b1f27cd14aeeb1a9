import { experimentAccountVisitors, type Executor } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { visitorCookie } from '../http/visitor-cookie.ts';

/**
 * Who an experiment counts: the browser's visitor id (the same signed cookie its quiz results are
 * kept under), or once an account has signed in, the visitor id the account first signed in with,
 * so the person keeps their variants, and is counted once, on every browser.
 */
export async function accountVisitor(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ visitorId: experimentAccountVisitors.visitorId })
    .from(experimentAccountVisitors)
    .where(eq(experimentAccountVisitors.userId, userId));
  return row?.visitorId;
}

/** At sign-in (and at checkout): the account keeps the browser's visitor id, unless it has one. */
export async function linkAccountVisitor(db: Executor, visitorId: string | undefined, userId: string): Promise<void> {
  if (!visitorId) return;
  await db.insert(experimentAccountVisitors).values({ userId, visitorId }).onConflictDoNothing();
}

/** The visitor an experiment counts for this request, if it has one. */
export async function visitorOf(db: Executor, request: FastifyRequest): Promise<string | undefined> {
  const user = await request.currentUser();
  const linked = user ? await accountVisitor(db, user.id) : undefined;
  return linked ?? visitorCookie.read(request);
}

/** Bots, spiders, crawlers and synthetic monitors: never assigned, never counted. */
export function isAutomated(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'];
  return !agent || isbot(agent);
}
