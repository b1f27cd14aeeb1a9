import { attributionCookie, formatAttributionCookie, parseAttribution } from '@shop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { signedCookie } from '../http/signed-cookie.ts';

const cookie = signedCookie(attributionCookie.name, attributionCookie.maxAgeSeconds);

/** The raw value of the visitor's attribution cookie, if it is one the shop signed. */
export function readAttribution(request: FastifyRequest): string | null {
  return cookie.read(request) ?? null;
}

/**
 * A visit through an affiliate or referral link (`?affiliate=…&rc=…`, on any page) leaves a
 * signed cookie for 30 days; a newer link replaces it. Malformed values are ignored: links get
 * mangled by the places they are shared in.
 */
export const attributionTracking = fp(async (app: FastifyInstance) => {
  const secure = app.config.NODE_ENV === 'production';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.includes('?')) return;
    const attribution = parseAttribution(new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)));
    if (attribution) cookie.write(reply, formatAttributionCookie(attribution), secure);
  });
});
