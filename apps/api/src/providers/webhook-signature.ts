import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The headers of a clinic's webhook request. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** A new signing secret, shown to the admin once. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The signature of one request: HMAC-SHA256 with the endpoint's secret over `timestamp.body`
 * (the Unix time in seconds, a full stop, the raw body), in hex, prefixed `v1=` so the scheme can
 * change without breaking receivers that check the version.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver does (kept here to test the format both ways): the signature matches and the
 * timestamp is recent, so an old request replayed later is refused.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now = new Date(),
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || !headers.signature) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  return headers.signature
    .split(' ')
    .map((candidate) => Buffer.from(candidate))
    .some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected));
}
