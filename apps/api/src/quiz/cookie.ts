import type { FastifyReply, FastifyRequest } from 'fastify';

/** The visitor's latest quiz result, remembered for the welcome-back page and sign-up. */
export const QUIZ_COOKIE = 'shop_quiz';
const NINETY_DAYS = 60 * 60 * 24 * 90;

export function readQuizCookie(request: FastifyRequest): string | undefined {
  const raw = request.cookies[QUIZ_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function writeQuizCookie(reply: FastifyReply, resultId: string, secure: boolean): void {
  reply.setCookie(QUIZ_COOKIE, resultId, { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true, maxAge: NINETY_DAYS });
}
