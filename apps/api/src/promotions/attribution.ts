import { attributionCookie, formatAttributionCookie, parseAttribution, parseAttributionCookie, type Attribution } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { activeAffiliateCode, recordClick } from '../affiliates/codes.ts';
import { signedCookie } from '../http/signed-cookie.ts';

const cookie = signedCookie(attributionCookie.name, attributionCookie.maxAgeSeconds);

/** The raw value of the visitor's attribution cookie, if it is one the shop signed. */
export function readAttribution(request: FastifyRequest): string | null {
  return cookie.read(request) ?? null;
}

/** The code of an affiliate's landing page (`/affiliate/{code}`, or its data for a client-side visit), if the path is one. */
export function landingCode(path: string): string | null {
  const match = /^\/affiliate\/([^/?]+?)(?:\.data)?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * Who sent the visitor, captured by the server on the request that brought them: an affiliate's
 * landing page (`/affiliate/{code}`) or a link with `?affiliate=…&rc=…` (on any page) leaves a
 * signed cookie for 30 days, and a newer one replaces it (last click wins: decision record 0027).
 * An affiliate's code counts only when it works today (an unknown or disabled code gives nothing,
 * and its landing is a 404); a member's `rc` alone is checked when the cart is priced. Malformed
 * values are ignored: links get mangled by the places they are shared in.
 */
export const attributionTracking = fp(async (app: FastifyInstance) => {
  const secure = app.config.NODE_ENV === 'production';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const queryAt = request.url.indexOf('?');
    const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    const fromLanding = landingCode(path);
    const fromLink = queryAt === -1 ? null : parseAttribution(new URLSearchParams(request.url.slice(queryAt + 1)));
    // a landing page is its affiliate's link: a query on it adds nothing
    const attribution: Attribution | null = fromLanding !== null ? { affiliate: fromLanding, referralCode: null } : fromLink;
    if (!attribution) return;
    if (attribution.affiliate === null) {
      cookie.write(reply, formatAttributionCookie(attribution), secure);
      return;
    }
    const code = await activeAffiliateCode(app.db, attribution.affiliate);
    if (!code) return;
    // the same link opened again within the window is one visit
    const current = parseAttributionCookie(readAttribution(request));
    if (current?.affiliate !== code.code || current.referralCode !== attribution.referralCode) await recordClick(app.db, code.code);
    cookie.write(reply, formatAttributionCookie({ affiliate: code.code, referralCode: attribution.referralCode }), secure);
  });
});
