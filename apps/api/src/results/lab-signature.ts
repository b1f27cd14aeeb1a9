import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed request's timestamp may be from the shop's clock, either way. */
export const LAB_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
export const LAB_TIMESTAMP_HEADER = 'x-lab-timestamp';
export const LAB_SIGNATURE_HEADER = 'x-lab-signature';

/** The signature a partner lab sends: HMAC-SHA256 of `timestamp.body` with the shared secret, as `v1=<hex>`. */
export function signLabRequest(secret: string, timestamp: number, body: Buffer | string): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(body);
  return `v1=${mac.digest('hex')}`;
}

export type LabSignatureCheck = { ok: true; nonce: string } | { ok: false; reason: string };

/**
 * Checks a partner lab's request on its raw bytes. The signature itself is the request's nonce:
 * it covers the timestamp and the body, so an identical request replayed has the same one.
 */
export function verifyLabSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
  now?: Date;
}): LabSignatureCheck {
  const { timestamp, signature } = input;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp))
    return { ok: false, reason: `The ${LAB_TIMESTAMP_HEADER} header must be a Unix time in seconds.` };
  if (!signature || !/^v1=[0-9a-f]{64}$/.test(signature))
    return { ok: false, reason: `The ${LAB_SIGNATURE_HEADER} header must be v1= and 64 hex digits.` };
  const expected = Buffer.from(signLabRequest(input.secret, Number(timestamp), input.body), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  // both are `v1=` and 64 hex digits here, so the lengths match and the comparison takes the same time
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'The signature does not match the request.' };
  const drift = Math.abs((input.now ?? new Date()).getTime() / 1000 - Number(timestamp));
  if (drift > LAB_SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: 'The request is too old or too far in the future; sign it again with the current time.' };
  return { ok: true, nonce: signature.slice(3) };
}
