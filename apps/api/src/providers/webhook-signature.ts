import { createHmac, randomBytes } from 'node:crypto';

/** The headers of a clinic's webhook request, as the Standard Webhooks specification names them. */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** How every signing secret begins, as the Standard Webhooks specification writes its secrets. */
export const SECRET_PREFIX = 'whsec_';

/**
 * A new signing secret, shown to the admin once: 32 random bytes in standard base64 behind the
 * prefix, the form the specification's libraries (and Svix's) decode.
 */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The key a secret stands for: the bytes its base64 part decodes to. */
function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/**
 * The `webhook-signature` of one request, as the Standard Webhooks specification signs: HMAC-SHA256
 * under the secret's decoded key over `id.timestamp.body` (the event id, the Unix time in seconds
 * and the raw body, joined by full stops), in base64, behind the scheme's version `v1,`. The id is
 * signed too, so a receiver that keeps the ids it has seen cannot be handed one event under
 * another's id.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}
