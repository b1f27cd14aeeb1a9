import type { FastifyReply, FastifyRequest } from 'fastify';

export const CART_COOKIE = 'shop_cart';
const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The anonymous cart's id, from a signed cookie: a forged or altered one is ignored. */
export function readCartCookie(request: FastifyRequest): string | undefined {
  const raw = request.cookies[CART_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

export function writeCartCookie(reply: FastifyReply, cartId: string, secure: boolean): void {
  reply.setCookie(CART_COOKIE, cartId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    signed: true,
    maxAge: THIRTY_DAYS,
  });
}
