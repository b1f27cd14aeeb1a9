import { createHash, randomBytes } from 'node:crypto';
import { giftCodeFromBytes } from '@shop/core';

/** A new eligibility code: 80 random bits as 16 Crockford symbols, the form gift codes take. */
export function mintEligibilityCode(): string {
  return giftCodeFromBytes(randomBytes(10));
}

/** What the database keeps of a code: the SHA-256 of its canonical symbols. */
export function hashEligibilityCode(code: string): string {
  return createHash('sha256').update(`employer:${code}`).digest('hex');
}
