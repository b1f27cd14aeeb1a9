import { createHash, randomBytes } from 'node:crypto';
import { giftCodeFromBytes } from '@shop/core';

/** A new gift code: 80 random bits as 16 Crockford symbols. */
export function mintGiftCode(): string {
  return giftCodeFromBytes(randomBytes(10));
}

/**
 * What the database keeps of a code: its SHA-256, in hex, of the canonical 16 symbols (what
 * `normalizeGiftCode` gives back for whatever the recipient typed). 80 random bits need no salt:
 * the hash is looked up by value when a code is redeemed.
 */
export function hashGiftCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
