import type { Database } from '@shop/db';
import type { FastifyRequest } from 'fastify';
import { cartCookie } from '../cart/cookie.ts';
import { assignCart } from '../cart/repository.ts';
import { findOpenCart } from '../cart/service.ts';
import { quizCookie } from '../quiz/cookie.ts';
import { attachQuizResults } from '../quiz/service.ts';
import { linkAccountVisitor } from '../experiments/visitor.ts';
import { attachVisitorConsents } from '../health-consents/service.ts';

/**
 * What a visitor made before signing up or in (a cart, quiz results, the consent to collect
 * health data, the visitor id its experiment variants come from) becomes the account's.
 * Only what belongs to nobody yet is taken: another account's cart stays theirs.
 */
export async function adoptVisitorData(db: Database, request: FastifyRequest, userId: string): Promise<void> {
  const cart = await findOpenCart(db, cartCookie.read(request), null);
  if (cart && !cart.userId) await assignCart(db, cart.id, userId);
  await attachQuizResults(db, quizCookie.read(request), userId);
  await attachVisitorConsents(db, quizCookie.read(request), userId);
  await linkAccountVisitor(db, quizCookie.read(request), userId);
}
