/**
 * A member's referral code: "REF-" and 8 characters of Crockford's base32 (no I, L, O or U, so
 * nothing reads as another character). 40 random bits: guessing someone's code is hopeless, and
 * the prefix keeps referral codes apart from coupon and affiliate codes typed in the same box.
 */
export const REFERRAL_CODE_PREFIX = 'REF-';
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const BODY_LENGTH = 8;
const BYTES_NEEDED = 5;

/**
 * Makes a code from random bytes the caller draws (core imports no crypto). Only the first 5 bytes
 * are used. A clash with an existing code is the caller's to catch (a unique index) and retry.
 */
export function referralCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < BYTES_NEEDED) throw new RangeError(`A referral code needs ${BYTES_NEEDED} random bytes`);
  // 40 bits fit exactly in a double, so plain arithmetic is exact here
  let value = 0;
  for (const byte of bytes.subarray(0, BYTES_NEEDED)) value = value * 256 + byte;
  let body = '';
  for (let i = BODY_LENGTH - 1; i >= 0; i -= 1) body += alphabet[Math.floor(value / 32 ** i) % 32];
  return REFERRAL_CODE_PREFIX + body;
}

/**
 * Reads a referral code as a friend types or pastes it: any case, spaces around, the dash optional,
 * and the letters people confuse (O for zero, I or L for one) read as the digits they stand for.
 * Returns the canonical code, or null when it is not one.
 */
export function parseReferralCode(raw: string): string | null {
  const compact = raw.trim().toUpperCase();
  const match = /^REF-?([0-9A-Z]{8})$/.exec(compact);
  if (!match) return null;
  const body = match[1]!.replace(/O/g, '0').replace(/[IL]/g, '1');
  if (![...body].every((character) => alphabet.includes(character))) return null;
  return REFERRAL_CODE_PREFIX + body;
}
