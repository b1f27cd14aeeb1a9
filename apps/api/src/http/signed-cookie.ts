import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A signed, HttpOnly, SameSite=Lax cookie holding one id: a forged or altered value reads as
 * missing.
 */
export function signedCookie(name: string, maxAgeSeconds: number) {
  return {
    name,
    read(request: FastifyRequest): string | undefined {
      const raw = request.cookies[name];
      if (!raw) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value ? unsigned.value : undefined;
    },
    write(reply: FastifyReply, value: string, secure: boolean): void {
      reply.setCookie(name, value, { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true, maxAge: maxAgeSeconds });
    },
  };
}
